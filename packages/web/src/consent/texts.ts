/** Default English texts of the consent screen; every one can be replaced. */
export interface ConsentTexts {
  /** Heading, kept in every state of the screen. */
  readonly title: string;
  /** One sentence under the heading. */
  readonly intro: string;
  /** Label of the video-privacy checkbox. */
  readonly videoPrivacy: string;
  /** Before the Terms of Use link. */
  readonly termsPrefix: string;
  /** Text of the Terms of Use link. */
  readonly termsLink: string;
  /** Between the two links. */
  readonly termsJoin: string;
  /** Text of the Privacy Policy link. */
  readonly privacyLink: string;
  /** Read by screen readers after a policy link's name: the links open a new tab. */
  readonly newTab: string;
  /** The submit button. */
  readonly submit: string;
  /** Shown when the user submits with neither box ticked. */
  readonly missingBoth: string;
  /** Shown while only the video-privacy box is unticked. */
  readonly missingVideoPrivacy: string;
  /** Shown while only the Terms of Use + Privacy Policy box is unticked. */
  readonly missingTerms: string;
  /** Shown once the user accepted (`afterAccept: 'confirm'`), under the heading. */
  readonly accepted: string;
  /**
   * Shown instead of the checkboxes where linking cannot work (a phone, Safari, Firefox...), with
   * `unsupported: 'explain'` (the default): nothing is asked for here.
   */
  readonly unsupported: string;
  /** With `unsupported: 'ask'`: shown above the checkboxes where linking cannot work. */
  readonly unsupportedAsk: string;
  /** With `unsupported: 'ask'`: shown once the user accepted where linking cannot work. */
  readonly acceptedUnsupported: string;
}

const WHERE = 'Linking a streaming account works in Chrome or Edge on a computer, not in this browser.';

/** The texts used when the app passes none. */
export const DEFAULT_CONSENT_TEXTS: ConsentTexts = {
  title: 'Connect your streaming account',
  intro: 'To link an account, we need your consent to both of the following.',
  videoPrivacy:
    'I consent to my viewing history, watchlist and ratings being collected from the streaming services I link.',
  termsPrefix: 'I accept the ',
  termsLink: 'Terms of Use',
  termsJoin: ' and the ',
  privacyLink: 'Privacy Policy',
  newTab: '(opens in a new tab)',
  submit: 'Continue',
  missingBoth: 'Please tick both boxes to continue.',
  missingVideoPrivacy: 'Please tick the box about your viewing history to continue.',
  missingTerms: 'Please accept the Terms of Use and the Privacy Policy to continue.',
  accepted: 'Thank you, your consent is recorded.',
  unsupported: `${WHERE} Open this page there to give your consent and link an account.`,
  unsupportedAsk: `${WHERE} You can give your consent here and link an account there later.`,
  acceptedUnsupported:
    'Thank you, your consent is recorded. To link an account, open this page in Chrome or Edge on a computer.',
};
