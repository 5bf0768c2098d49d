import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operations } from '../../src/core/operations/index.js';
import type { SlackDeps } from '../../src/slack/deps.js';
import { WORKFLOW_STEPS } from '../../src/slack/flows/workflowSteps.js';
import { registerFunctions } from '../../src/slack/listeners/functions/index.js';
import type { Parameter } from '../../src/slack/slackOperations/workflowStep.js';
import { parseYaml } from '../support/yamlSubset.js';

/** The two manifests as Slack reads them; the variant adds the Workflow Builder steps to the default one. */

type Json = Record<string, unknown>;

interface ManifestParameter {
  type: string;
  title: string;
  description: string;
  hint?: string;
  is_required: boolean;
}

interface ManifestFunction {
  title: string;
  description: string;
  input_parameters: Record<string, ManifestParameter>;
  output_parameters: Record<string, ManifestParameter>;
}

function readManifest(name: string): Json {
  return parseYaml(readFileSync(new URL(`../../${name}`, import.meta.url), 'utf8')) as Json;
}

const base = readManifest('manifest.yml');
const variant = readManifest('manifest.workflow-steps.yml');
const settingsOf = (manifest: Json) => manifest.settings as Json & { event_subscriptions: { bot_events: string[] } };
const functions = variant.functions as Record<string, ManifestFunction>;

/** The variant with its additions taken out again: what must be left is manifest.yml. */
function withoutAdditions(manifest: Json): Json {
  const copy = structuredClone(manifest);
  delete copy.functions;
  const settings = settingsOf(copy);
  expect(settings.org_deploy_enabled).toBe(true);
  settings.org_deploy_enabled = false;
  expect(settings.function_runtime).toBe('remote');
  delete settings.function_runtime;
  const events = settings.event_subscriptions.bot_events;
  expect(events.filter((event) => event === 'function_executed')).toHaveLength(1);
  settings.event_subscriptions.bot_events = events.filter((event) => event !== 'function_executed');
  return copy;
}

function declared(parameters: Readonly<Record<string, Parameter>>) {
  return Object.fromEntries(
    Object.entries(parameters).map(([name, parameter]) => [
      name,
      { type: parameter.type, is_required: parameter.required },
    ]),
  );
}

function inManifest(parameters: Record<string, ManifestParameter>) {
  return Object.fromEntries(
    Object.entries(parameters).map(([name, parameter]) => [
      name,
      { type: parameter.type, is_required: parameter.is_required },
    ]),
  );
}

describe('manifest.workflow-steps.yml', () => {
  it('is manifest.yml plus the functions, org readiness, the remote runtime and the function_executed event, and nothing else', () => {
    expect(withoutAdditions(variant)).toEqual(base);
  });

  it('leaves manifest.yml installable on any workspace: no functions, not org-only, no function events', () => {
    expect(base.functions).toBeUndefined();
    expect(settingsOf(base).org_deploy_enabled).toBe(false);
    expect(settingsOf(base).function_runtime).toBeUndefined();
    expect(settingsOf(base).event_subscriptions.bot_events).not.toContain('function_executed');
  });

  it('declares exactly the steps the app registers, each with a title, a description and described parameters', () => {
    const registered: string[] = [];
    registerFunctions({ function: ((callbackId: string) => registered.push(callbackId)) as never }, {} as SlackDeps);
    expect(Object.keys(functions).sort()).toEqual([...registered].sort());
    expect(registered).toEqual(WORKFLOW_STEPS.map((step) => step.callbackId));
    for (const [callbackId, definition] of Object.entries(functions)) {
      expect(definition.title, callbackId).toMatch(/\S/);
      expect(definition.description, callbackId).toMatch(/\S/);
      for (const parameter of [
        ...Object.values(definition.input_parameters),
        ...Object.values(definition.output_parameters),
      ]) {
        expect(parameter.title, callbackId).toMatch(/\S/);
        expect(parameter.description, callbackId).toMatch(/\S/);
        expect(typeof parameter.is_required, callbackId).toBe('boolean');
      }
    }
  });

  it.each(WORKFLOW_STEPS.map((step) => [step.callbackId, step] as const))(
    '%s: the handler takes and gives the declared inputs and outputs, with their types',
    (callbackId, step) => {
      const definition = functions[callbackId]!;
      expect(inManifest(definition.input_parameters)).toEqual(declared(step.inputs));
      expect(inManifest(definition.output_parameters)).toEqual(declared(step.outputs));
    },
  );

  it.each([
    ['dq_taxpayer_lookup', 'enterprise-general-taxpayer-query'],
    ['dq_new_funds', 'fund-new-list'],
    ['dq_fund_asset_latest', 'fund-asset'],
    ['dq_futures_latest_candle', 'finance-external-futures-kline'],
  ] as const)('%s says what it costs (%s at its default price)', (callbackId, operation) => {
    expect(functions[callbackId]?.description).toContain(
      `(${operations[operation].cost} coins per new lookup, free from cache)`,
    );
  });
});
