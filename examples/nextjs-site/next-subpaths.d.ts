// The repository's tsc resolves with NodeNext, where Next's extensionless subpaths ('next/headers')
// are not found (next has no exports map); Next's bundler needs them extensionless. This maps them.
declare module 'next/headers' {
  export * from 'next/headers.js';
}
declare module 'next/navigation' {
  export * from 'next/navigation.js';
}
declare module 'next/cache' {
  export * from 'next/cache.js';
}
