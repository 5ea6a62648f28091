import { type SourceNode, sourceEntries } from '@quire/api-model';
import { describe, expect, it } from 'vitest';
import convertTask, { convertSource } from './convert.worker.ts';
import { warmUpDescription } from './convert-warmup.ts';

describe('the convert worker warm-up', () => {
  it('has the shapes of a real description, and converts whole', () => {
    const answer = convertSource({ kind: 'swagger', text: warmUpDescription(), sourceUrl: '' });
    if (!answer.ok) throw new Error(answer.message);
    const nodes: SourceNode[] = sourceEntries(answer.tree.nodes).map((entry) => entry.node);
    expect(nodes.filter((node) => node.kind === 'doc')).toHaveLength(64);
    expect(nodes.filter((node) => node.kind === 'folder')).toHaveLength(8);
    // Shared and recursive schemas were walked: a body row names the schema it refers back to.
    expect(JSON.stringify(answer.tree)).toContain('children');
    expect(answer.title).toBe('Warm-up');
  });

  it('answers a warm task without a port, sending nothing', async () => {
    await expect(convertTask({ warm: true })).resolves.toEqual({ ok: true, sent: true });
  });
});
