import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { workflowMarkdown } from '@dcap/core';
import { describe, expect, it } from 'vitest';

const DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../docs/workflow.md');

describe('docs/workflow.md', () => {
  it('WF-1 documents exactly the transition table of core (UPDATE_WORKFLOW_DOC=1 rewrites it)', () => {
    const expected = workflowMarkdown();
    if (process.env.UPDATE_WORKFLOW_DOC === '1') writeFileSync(DOC, expected);
    expect(readFileSync(DOC, 'utf8')).toBe(expected);
  });
});
