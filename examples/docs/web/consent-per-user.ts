// One consent record per user of this browser: the next user is asked for their own.
import { createSdk } from '@viewlink/web';

declare const userId: string; // your signed-in user

const sdk = createSdk({
  consentStorage: {
    getItem: (key) => localStorage.getItem(`${key}:${userId}`),
    setItem: (key, value) => localStorage.setItem(`${key}:${userId}`, value),
    removeItem: (key) => localStorage.removeItem(`${key}:${userId}`),
  },
});

export { sdk };
