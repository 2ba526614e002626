#!/usr/bin/env node
import { exitOnOldNode } from '../dist/cli/supported-node.js';

exitOnOldNode('vectrace');
await import('../dist/cli/main.js');
