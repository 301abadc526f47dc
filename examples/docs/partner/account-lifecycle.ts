import { createWebhookHandler, type PartnerUser } from '@viewlink/partner';

declare const user: PartnerUser; // viewlink.user(userId)
declare const db: {
  markNeedsRelink(userId: string, service: string): Promise<void>;
  clearNeedsRelink(userId: string, service: string): Promise<void>;
  deleteRecords(userId: string, service: string): Promise<void>;
  stopSync(userId: string, service: string): Promise<void>;
};

// The user pressed "Disconnect" and chose whether you keep what you already hold.
export async function onDisconnectPressed(accountId: string, keepData: boolean) {
  const { account } = await user.disconnect(accountId, { keepData });
  return account.status; // 'disconnected': it no longer counts as a linked account
}

// The webhooks, wherever the change came from (your app, the SDK in the browser, the provider).
export const POST = createWebhookHandler({
  secret: process.env.VIEWLINK_WEBHOOK_SECRET!,
  on: {
    LinkedAccountBroken: (event) => db.markNeedsRelink(event.user_id, event.service), // show a "reconnect" prompt
    LinkedAccountRepaired: (event) => db.clearNeedsRelink(event.user_id, event.service), // same account id, history kept
    LinkedAccountDisconnected: async (event) => {
      await db.stopSync(event.user_id, event.service);
      if (!event.keep_data) await db.deleteRecords(event.user_id, event.service); // the user's choice
    },
  },
});
