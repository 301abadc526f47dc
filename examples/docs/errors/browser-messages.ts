// The web app: one function from error to the sentence the user sees.
import {
  ConnectCancelledError,
  ConnectError,
  ConsentRequiredError,
  ExtensionIncompatibleError,
  ExtensionNotInstalledError,
  ExtensionTimeoutError,
  TokenRenewalError,
  UnsupportedEnvironmentError,
  ViewlinkError,
} from '@viewlink/web';

export function messageFor(error: unknown): string | undefined {
  if (error instanceof UnsupportedEnvironmentError) {
    return error.reason === 'mobile'
      ? 'Linking an account works on a computer, in Chrome or Edge.'
      : 'Please open this page in Chrome or Edge on a computer.';
  }
  if (error instanceof ExtensionNotInstalledError) return 'Install the Viewlink extension, then reload this page.';
  if (error instanceof ExtensionIncompatibleError) return 'Please update the Viewlink extension.';
  if (error instanceof ConsentRequiredError) return undefined; // show the consent screen instead
  if (error instanceof ConnectCancelledError) return 'Linking cancelled.';
  if (error instanceof ConnectError) {
    return error.reason === 'credentials-rejected'
      ? 'Signing in failed. Check your details and try again.'
      : 'The account could not be linked. Please try again later.';
  }
  if (error instanceof ExtensionTimeoutError) return 'The sign-in took too long. Please try again.';
  if (error instanceof TokenRenewalError) return 'Your session expired. Please reload the page.';
  if (error instanceof ViewlinkError) return 'Something went wrong. Please try again later.';
  return undefined;
}
