import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createWidget } from '@dcap/core';
import type { Panel } from '@dcap/core';
import { designerServer, emptyPanel, renderDesigner } from './testHarness';

async function openJson(): Promise<Panel> {
  fireEvent.click(screen.getByTestId('designer-json'));
  const text = await screen.findByTestId('json-text');
  return JSON.parse(text.textContent) as Panel;
}

function selectContents(node: Node) {
  const range = document.createRange();
  range.selectNodeContents(node);
  const selection = document.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

async function openEditor() {
  const note = { ...createWidget('richeditor', new Set()), key: 'NOTE1', model: 'NOTE1' };
  renderDesigner('form', designerServer(emptyPanel([note])).fetch);
  fireEvent.click(await screen.findByTestId('canvas-widget-NOTE1'));
  return screen.getByTestId('rich-content');
}

describe('spec 001 §2.1 rich-text note editor', () => {
  it('stores typed HTML without scripts or event attributes', async () => {
    const editor = await openEditor();
    editor.innerHTML = '<p>Fasting <img src="x" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">here</a></p>';
    fireEvent.input(editor);
    const content = (await openJson()).list[0]?.options.content ?? '';
    expect(content).toContain('Fasting');
    expect(content).toContain('here');
    for (const bad of ['<script', 'onerror', 'javascript:', '<img']) expect(content).not.toContain(bad);
  });

  it('sanitises pasted HTML before it enters the box', async () => {
    const editor = await openEditor();
    fireEvent.paste(editor, {
      clipboardData: { getData: (type: string) => (type === 'text/html' ? '<b>Fast</b> 8 h<img src="x" onerror="alert(1)"><script>alert(2)</script>' : '') },
    });
    expect(editor.querySelector('script, img, [onerror]')).toBeNull();
    const content = (await openJson()).list[0]?.options.content;
    expect(content).toBe('<b>Fast</b> 8 h');
  });

  it('formats the selection from the toolbar and edits the English content in its own tab', async () => {
    const editor = await openEditor();
    editor.innerHTML = 'Take with water';
    fireEvent.input(editor);
    selectContents(editor);
    fireEvent.click(screen.getByTestId('rich-content-bold'));
    expect(editor.innerHTML).toBe('<strong>Take with water</strong>');
    selectContents(editor);
    fireEvent.click(screen.getByTestId('rich-content-bulletList'));
    expect(editor.innerHTML).toBe('<ul><li><strong>Take with water</strong></li></ul>');
    const item = editor.querySelector('li');
    if (!item) throw new Error('no list item');
    selectContents(item);
    fireEvent.click(screen.getByTestId('rich-content-clear'));
    expect(editor.innerHTML).toBe('<ul><li>Take with water</li></ul>');

    fireEvent.click(screen.getByRole('tab', { name: 'English' }));
    const english = await screen.findByTestId('rich-contentEn');
    english.innerHTML = 'See site';
    fireEvent.input(english);
    selectContents(english);
    fireEvent.click(screen.getByTestId('rich-contentEn-link'));
    fireEvent.change(await screen.findByTestId('rich-contentEn-linkUrl'), { target: { value: 'javascript:alert(1)' } });
    expect(screen.getByTestId<HTMLButtonElement>('rich-contentEn-linkApply').disabled).toBe(true);
    fireEvent.change(screen.getByTestId('rich-contentEn-linkUrl'), { target: { value: 'https://example.org/' } });
    fireEvent.click(screen.getByTestId('rich-contentEn-linkApply'));
    await waitFor(() => {
      expect(english.querySelector('a')?.getAttribute('href')).toBe('https://example.org/');
    });
    const options = (await openJson()).list[0]?.options;
    expect(options?.content).toBe('<ul><li>Take with water</li></ul>');
    expect(options?.contentEn).toBe('<a href="https://example.org/" target="_blank" rel="noopener noreferrer">See site</a>');
  });
});
