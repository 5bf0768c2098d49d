#!/usr/bin/env node
// Runs the compiled CLI; `npm ci` builds it (the prepare script).
import '../dist/cli/dq.js';
