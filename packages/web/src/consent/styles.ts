/**
 * Styles of the consent screen, inside its shadow root. Restyle it with CSS custom properties
 * on the host (`--viewlink-consent-accent`, ...) or with
 * `::part(card|title|intro|notice|form|field|checkbox|label|link|error|button|accepted)`.
 * The focus ring is an outline and the invalid mark a box-shadow, so neither hides the other;
 * checkboxes and the button are at least 24 px (WCAG 2.5.8). Forced colours drop box-shadows, so
 * there an unfocused invalid box gets a dashed outline instead. The button's hover underlines its
 * label and leaves its colours alone: a brightening hover took a partner's accent, chosen at the
 * documented 4.5:1, below it (and reduced motion took the hover away with the animation).
 * Links, error and focus ring default to lighter colours where the page declares a dark
 * `color-scheme` (they sit on the page's background; the button carries its own). Forced colours
 * drop the button's background, so there it gets a border to stay recognisable as a button.
 * On a coarse pointer (a finger) each field takes taps over 44 px around its box: the label,
 * padded, covers the field under the box and its links (taps on them reach them), the box stays
 * 24 px and the form barely grows.
 * The new-tab arrow points up and away in the reading direction (north-west in right-to-left texts).
 */
export const CONSENT_CSS = `
:host{display:block;font:var(--viewlink-consent-font,inherit);color:var(--viewlink-consent-color,inherit);--_accent:#2457d6;--_error:#b3261e}
@supports (color:light-dark(#000,#fff)){:host{--_accent:light-dark(#2457d6,#8ab4f8);--_error:light-dark(#b3261e,#ffb4ab)}}
.card{box-sizing:border-box;max-width:var(--viewlink-consent-max-width,32rem);padding:var(--viewlink-consent-padding,1rem);background:var(--viewlink-consent-background,transparent);border-radius:var(--viewlink-consent-radius,.5rem);overflow-wrap:break-word;white-space:normal}
.title{margin:0 0 var(--viewlink-consent-gap,.75rem);font-size:1.25em;line-height:1.3}
form{display:grid;gap:var(--viewlink-consent-gap,.75rem)}
p{margin:0}
.field{display:flex;gap:.625rem;align-items:flex-start;line-height:1.5}
input{box-sizing:border-box;width:max(24px,1.5rem);height:max(24px,1.5rem);margin:0;accent-color:var(--viewlink-consent-accent,var(--_accent));flex:none;cursor:pointer}
label{cursor:pointer}
input[aria-invalid=true]{box-shadow:0 0 0 2px var(--viewlink-consent-error,var(--_error))}
a{color:var(--viewlink-consent-accent,var(--_accent));text-underline-offset:.15em}
a[target=_blank]::after{content:"\\2197"/"";display:inline-block;margin-inline-start:.1em;text-decoration:none}
a[target=_blank]:dir(rtl)::after{content:"\\2196"/""}
.error{color:var(--viewlink-consent-error,var(--_error));font-weight:600}
.status:not(:empty){padding:.25rem 0}
button{justify-self:start;min-height:max(44px,2.75rem);min-width:44px;font:inherit;font-weight:600;padding:.5rem 1.25rem;border:0;border-radius:.375rem;color:var(--viewlink-consent-button-color,#fff);background:var(--viewlink-consent-accent,#2457d6);cursor:pointer}
input:focus-visible,button:focus-visible,a:focus-visible,.status:focus{outline:3px solid var(--viewlink-consent-focus,var(--_accent));outline-offset:2px}
input[aria-invalid=true]:focus-visible{outline-offset:4px}
@media (forced-colors:active){input[aria-invalid=true]:not(:focus-visible){outline:2px dashed Mark;outline-offset:2px}button{border:2px solid}}
button:hover{text-decoration:underline;text-underline-offset:.2em}
@media (pointer:coarse){.field{position:relative;margin-block:-6px}input{margin-block:10px;position:relative;z-index:1}label{padding-block:10px}label::before{content:"";position:absolute;inset:0}a{position:relative}}
`;
