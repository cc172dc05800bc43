export * from './constants.ts';
export * from './ids.ts';
export * from './history.ts';
export * from './roof.ts';
