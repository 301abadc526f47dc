/** Default English texts of the consent screen; every one can be replaced. */
export interface ConsentTexts {
  /** Heading. */
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
  /** The submit button. */
  readonly submit: string;
  /** Shown when the user submits without ticking a box; `{missing}` lists the boxes. */
  readonly missing: string;
  /** Replaces the form once the user accepted (`afterAccept: 'confirm'`): what happens next. */
  readonly accepted: string;
}

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
  submit: 'Continue',
  missing: 'Please tick both boxes to continue: {missing}.',
  accepted: 'Thank you, your consent is recorded. You can now connect your streaming account.',
};
