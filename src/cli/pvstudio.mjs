#!/usr/bin/env node
// The `pvstudio` bin: registers tsx so the TypeScript sources run as they are, then hands over to main.ts.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2), process);
