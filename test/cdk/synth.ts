// The app of lib/platform.ts synthesized for the CDK tests, one template per stack. Bundling is skipped
// (the synth script bundles for real; the templates are the same).
import { expect } from 'vitest';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { Platform, type PlatformProps } from '../../lib/platform';
import { API_GROUPS, type ApiGroup } from '../../lib/api';

export interface SynthOptions {
  region?: string;
  context?: Record<string, string>;
  workers?: PlatformProps['workers'];
}

/**
 * The app synthesized once per set of options and reused by every file of the worker that asks again (the
 * CDK files share their worker's modules, vitest.config.ts): eight files read the default app, each once
 * a synth of 1.5-6 s (issue #54). The templates are only read. An app with fixture workers is made afresh.
 */
const synthesized = new Map<string, ReturnType<typeof synthesize>>();

export function synthPlatform(options: SynthOptions = {}) {
  if (options.workers) return synthesize(options);
  const key = JSON.stringify(options);
  let app = synthesized.get(key);
  if (!app) synthesized.set(key, (app = synthesize(options)));
  return app;
}

function synthesize(options: SynthOptions) {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], ...options.context } });
  const platform = new Platform(app, 'Test', {
    env: { account: '111111111111', region: options.region ?? 'ap-south-1' },
    distDir: '/nonexistent',
    workers: options.workers,
  });
  const assembly: CloudAssembly = app.synth();
  const template = (stack: Stack) => Template.fromJSON(assembly.getStackByName(stack.stackName).template);
  const apiGroups = Object.fromEntries(API_GROUPS.map((g) => [g, template(platform.apiGroups[g])])) as Record<
    ApiGroup,
    Template
  >;
  const templates = {
    data: template(platform.data),
    workers: template(platform.workers),
    api: template(platform.api),
    apiGroups,
    web: template(platform.web),
    ops: template(platform.ops),
    waf: platform.waf ? template(platform.waf) : undefined,
  };
  return {
    app,
    platform,
    assembly,
    ...templates,
    /** The templates of the stacks holding HTTP functions. */
    httpFunctions: Object.values(apiGroups),
    /** Every stack's template. */
    all: [
      templates.data,
      templates.workers,
      templates.api,
      ...Object.values(apiGroups),
      templates.web,
      templates.ops,
    ].concat(templates.waf ?? []),
  };
}

export type Synthesized = ReturnType<typeof synthesize>;

/** Every resource of a type across the templates. */
export function resourcesOf(templates: Template[], type: string) {
  return templates.flatMap((t) => Object.values(t.findResources(type)));
}

/** The Lambda whose Powertools service name is `name`, in whichever template holds it (exactly one). */
export function lambdaNamed(templates: Template[], name: string) {
  const found = templates.flatMap((template) =>
    Object.entries(template.findResources('AWS::Lambda::Function'))
      .filter(([, r]) => r.Properties?.Environment?.Variables?.POWERTOOLS_SERVICE_NAME === name)
      .map(([id, r]) => ({ template, id, properties: r.Properties })),
  );
  expect(found, `one function named ${name}`).toHaveLength(1);
  const fn = found[0]!;
  return {
    ...fn,
    variables: fn.properties.Environment.Variables as Record<string, unknown>,
    /** Every statement of the policies on its role (role and policies are in its stack). */
    statements(): { Action: string | string[]; Resource: unknown; Condition?: unknown }[] {
      const role = (fn.properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0];
      return Object.values(fn.template.findResources('AWS::IAM::Policy'))
        .filter((p) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === role))
        .flatMap((p) => p.Properties.PolicyDocument.Statement);
    },
    actions(): string[] {
      return this.statements().flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
    },
  };
}
