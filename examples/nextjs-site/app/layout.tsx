// The root layout; a banner says when Draft Mode is on.
import { draftMode } from 'next/headers';
import type { ReactNode } from 'react';

export default async function RootLayout({ children }: { children: ReactNode }) {
  const draft = (await draftMode()).isEnabled;
  return (
    <html lang="en">
      <body>
        {draft && <p id="draft-banner">Draft preview</p>}
        {children}
      </body>
    </html>
  );
}
