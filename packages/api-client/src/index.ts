export * from './types';
export * from './errors';
export * from './base64';
export * from './storage';
export * from './query';
export * from './token-store';
export * from './http';
export * from './realtime';
