/**
 * `@viewlink/web/consent`: the ready-made consent screen (plain DOM, accessible, stylable with
 * CSS custom properties and `::part`). Apps with their own UI use `SDK.consent.record` instead.
 * @packageDocumentation
 */

export { type ConsentScreen, type ConsentScreenOptions, renderConsentScreen } from './consent/screen.js';
export { CONSENT_CSS } from './consent/styles.js';
export { type ConsentTexts, DEFAULT_CONSENT_TEXTS } from './consent/texts.js';
export type { ConsentRecord } from './core/consent.js';
export type { LinkingSupport } from './core/environment.js';
