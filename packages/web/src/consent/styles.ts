/**
 * Styles of the consent screen, inside its shadow root. Restyle it with CSS custom properties
 * on the host (`--viewlink-consent-accent`, ...) or with `::part(form|title|intro|field|checkbox|label|link|error|button|accepted)`.
 */
export const CONSENT_CSS = `
:host{display:block;font:var(--viewlink-consent-font,inherit);color:var(--viewlink-consent-color,inherit)}
form{display:grid;gap:var(--viewlink-consent-gap,.75rem);max-width:var(--viewlink-consent-max-width,32rem);padding:var(--viewlink-consent-padding,1rem);background:var(--viewlink-consent-background,transparent);border-radius:var(--viewlink-consent-radius,.5rem)}
h2{margin:0;font-size:1.25em}
p{margin:0}
.field{display:flex;gap:.5rem;align-items:flex-start}
input{width:1.25rem;height:1.25rem;margin:.1rem 0 0;accent-color:var(--viewlink-consent-accent,#2457d6);flex:none}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--viewlink-consent-focus,#2457d6);outline-offset:2px}
input[aria-invalid=true]{outline:2px solid var(--viewlink-consent-error,#b3261e)}
a{color:var(--viewlink-consent-accent,#2457d6)}
.error{color:var(--viewlink-consent-error,#b3261e);font-weight:600}
.accepted{padding:var(--viewlink-consent-padding,1rem);outline:none}
button{justify-self:start;font:inherit;padding:.5rem 1.25rem;border:0;border-radius:.375rem;color:var(--viewlink-consent-button-color,#fff);background:var(--viewlink-consent-accent,#2457d6);cursor:pointer}
@media (prefers-reduced-motion:no-preference){button{transition:filter .15s}button:hover{filter:brightness(1.1)}}
`;
