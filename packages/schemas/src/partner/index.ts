/** Partner API (Streaming Account Data Service) schemas and route table. */
export {};
