// The layout of docs/architecture.md, checked: a domain is used through its index.ts, the kernel
// imports no domain, components import no feature, keys live in stores, files stay small.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkBoundaries, oversizedFiles, readSources, type SourceFile } from '../support/boundaries';

const ROOT = resolve(import.meta.dirname, '../..');
const sources = readSources(ROOT, ['functions', 'shared', 'web/src', 'lib', 'bin', 'scripts']);

describe('architecture boundaries', () => {
  it('holds over the whole repository', () => {
    expect(checkBoundaries(sources)).toEqual([]);
  });

  it('keeps every source file outside the i18n catalogues under 350 lines', () => {
    expect(oversizedFiles(sources)).toEqual([]);
  });

  it('finds a deliberate violation of each rule', () => {
    // Prepare: one file breaking each rule.
    const broken: SourceFile[] = [
      { path: 'functions/lib/http.ts', text: "import { getSession } from '../auth/session.store';" },
      {
        path: 'functions/checkins/check-in.ts',
        text: "import { appointmentKeys } from '../appointments/appointment.store';",
      },
      {
        path: 'web/src/features/yard/routes/yard-route.tsx',
        text: "import { useCheckins } from '../../checkins/api/checkins';",
      },
      { path: 'web/src/components/yard-layout.tsx', text: "import { useYard } from '../features/yard';" },
      { path: 'functions/checkins/check-in.ts', text: 'const pk = `TENANT#${tenantId}`;' },
      { path: 'web/src/lib/thing.ts', text: "import { config } from '../../../functions/lib/config';" },
      { path: 'shared/contracts/thing.ts', text: ['import { z }', "from 'zod';"].join(' ') },
    ];
    // Act
    const rules = checkBoundaries(broken).map((v) => v.rule);
    // Assess
    expect(rules).toEqual([
      'the kernel (functions/lib) imports no domain',
      'another domain is used only through its index.ts',
      'another feature is used only through its index.ts',
      'web/src/components imports no feature',
      'keys, TableName and ConditionExpression are spelled only in *.store.ts or functions/lib',
      'the SPA imports no server code',
      "zod is imported as `import * as z from 'zod'`",
    ]);
  });

  it('lets a domain use another through its index.ts', () => {
    const fine: SourceFile[] = [
      {
        path: 'functions/checkins/check-in.ts',
        text: "import { findAppointment } from '../appointments';\nimport { x } from '../appointments/index';",
      },
      {
        path: 'web/src/features/dashboard/routes/dashboard-route.tsx',
        text: "import { YardPanel } from '../../yard';",
      },
    ];
    expect(checkBoundaries(fine)).toEqual([]);
  });
});
