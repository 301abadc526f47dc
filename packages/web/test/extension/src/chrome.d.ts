/** The few extension APIs the test extension uses (no @types/chrome in the workspace). */
interface ChromePort {
  readonly name: string;
  readonly sender?: { readonly origin?: string; readonly url?: string; readonly id?: string };
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(cb: (message: unknown) => void): void };
  onDisconnect: { addListener(cb: () => void): void };
}
interface ChromeEvent<T extends unknown[]> {
  addListener(cb: (...args: T) => void): void;
}
declare const chrome: {
  runtime: {
    readonly id: string;
    getURL(path: string): string;
    connect(info: { name: string }): ChromePort;
    sendMessage(message: unknown): Promise<unknown>;
    onConnect: ChromeEvent<[ChromePort]>;
    onConnectExternal: ChromeEvent<[ChromePort]>;
    onMessage: ChromeEvent<[unknown, { readonly id?: string; readonly url?: string; readonly tab?: { id?: number } }]>;
  };
  tabs: {
    create(info: { url: string }): Promise<{ id?: number }>;
    remove(tabId: number): Promise<void>;
    onRemoved: ChromeEvent<[number]>;
  };
};
