// `npm run simulator`: serves the SIMULATOR of the data service until SIGINT or SIGTERM.
import { simulatorOptionsFromEnv } from './env.js';
import { startSimulator } from './server.js';
import { DEFAULT_API_KEY } from './simulatorState.js';

/** The default key is public; any other key might be a real one, so only its first characters are shown. */
function describeKeys(keys: readonly string[]): string {
  return keys
    .map((key) => (key === DEFAULT_API_KEY ? key : `${key.slice(0, 3)}… (${key.length} characters)`))
    .join(', ');
}

async function main(): Promise<void> {
  const options = simulatorOptionsFromEnv(process.env);
  const simulator = await startSimulator(options);
  const keys = describeKeys(options.apiKeys ?? [DEFAULT_API_KEY]);
  console.log(
    `SIMULATOR of the data service (not the real service, synthetic data) listening on ${simulator.url} — accepted X-API-Key: ${keys}`,
  );
  const stop = () => {
    simulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`simulator failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
