// The API's request and answer schemas, shared by the server routes and the web app's client.
export * from './envelope.ts';
export * from './common.ts';
export * from './auth.ts';
export * from './account-answers.ts';
export * from './projects.ts';
export * from './design.ts';
export * from './library.ts';
export * from './compute.ts';
export * from './editor.ts';
export * from './orthophoto.ts';
