import { describe, expect, it } from 'vitest';
import { cleanRichTextWidget, sanitizeRichText } from './rich-text.js';
import { panelSchema, widgetSchema } from './schema.js';

describe('sanitizeRichText (docs/decisions.md, "Rich text")', () => {
  it.each([
    ['<img src=x onerror=alert(1)>', ''],
    ['<p>a<img src=x onerror="alert(1)">b</p>', '<p>ab</p>'],
    ['<script>alert(1)</script>ok', 'ok'],
    ['<SCRIPT type="text/javascript">alert("</b>")</SCRIPT >ok', 'ok'],
    ['<script>never closed <b>bold</b>', ''],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="jav&#x61;script:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="javascript&colon;alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="java\tscript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['<b onclick="alert(1)" onmouseover=alert(2)>x</b>', '<b>x</b>'],
    ['<span style="background:url(javascript:alert(1))">x</span>', '<span>x</span>'],
    ['<div style="width: expression(alert(1))">x</div>', '<div>x</div>'],
    ['<iframe src="https://evil.example"></iframe>after', 'after'],
    ['<iframe srcdoc="<script>alert(1)</script>">inner</iframe>after', 'after'],
    ['<svg><script>alert(1)</script><svg onload=alert(2)></svg></svg>after', 'after'],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>after', 'after'],
    ['<object data="x.swf"></object><embed src="x.swf">after', 'after'],
    ['<style>body{background:url(javascript:alert(1))}</style>after', 'after'],
    ['<template><img src=x onerror=alert(1)></template>after', 'after'],
    ['<form action="https://evil.example"><button>go</button></form>after', 'after'],
    ['<!-- <img src=x onerror=alert(1)> -->after', 'after'],
    ['<!--><img src=x onerror=alert(1)>-->', '--&gt;'],
    ['<!DOCTYPE html><?xml version="1.0"?>after', 'after'],
    ['<meta http-equiv="refresh" content="0;url=javascript:alert(1)">after', 'after'],
    ['<base href="javascript:alert(1)//">after', 'after'],
    ['<b title="x" class="y" id="z">x</b>', '<b>x</b>'],
    ['<a href="https://example.org" target="_top">x</a>', '<a href="https://example.org">x</a>'],
    ['<a href="https://example.org" rel="opener">x</a>', '<a href="https://example.org">x</a>'],
    ['<b>unterminated <i>tags', '<b>unterminated <i>tags</i></b>'],
    ['</b>stray</i> end tags', 'stray end tags'],
    ['a < b > c & d', 'a &lt; b &gt; c &amp; d'],
    ['x <img src="never closed', 'x '],
    ['<<script>script>alert(1)<</script>/script>', '&lt;/script&gt;'],
  ])('%s → %s', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it('keeps what the editor makes, exactly as the browser serialises it', () => {
    const html =
      '<div>Fasting <strong>8 hours</strong>, <em>no</em> <u>coffee</u>&nbsp;&amp; water only.</div>' +
      '<ul><li>one</li><li>two<br></li></ul><ol><li>three</li></ol><p><b>b</b> <i>i</i> <span>s</span></p>' +
      '<a href="https://example.org/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">protocol</a> ' +
      '<a href="mailto:study@example.org">mail</a>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('is idempotent', () => {
    for (const html of ['<a href="https://x.org/?q=&quot;a&quot;&amp;b=<c>">x</a>', '<b>a &lt; b</b> & c', '<p>1<p>2', '&#x3C;script&#x3E;']) {
      const once = sanitizeRichText(html);
      expect(sanitizeRichText(once)).toBe(once);
    }
  });

  it('never lets a tag, handler or script scheme through, whatever the input', () => {
    const pieces = ['<', '>', '/', '"', "'", '=', ' ', 'a', 'b', 'img', 'script', 'onerror', 'href', 'javascript:', 'x', '!--', '-->', '&#', ';', '\n'];
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed;
    };
    for (let round = 0; round < 2000; round += 1) {
      let html = '';
      const length = 5 + (next() % 40);
      for (let i = 0; i < length; i += 1) html += pieces[next() % pieces.length] ?? '';
      const clean = sanitizeRichText(html);
      for (const tag of clean.matchAll(/<\/?([^\s>/]*)([^>]*)>/g)) {
        expect(['b', 'a', 'p', 'div', 'br', 'span', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li'], html).toContain(tag[1]);
        expect(tag[2], html).toMatch(/^( (href|target|rel)="[^"<>]*")*$/);
      }
      expect(clean, html).not.toMatch(/<script|onerror|href="javascript/i);
    }
  });
});

describe('rich text is cleaned whenever a widget is parsed', () => {
  const note = (content: string, contentEn?: string) => ({
    type: 'richeditor',
    key: 'note_1',
    model: 'note_1',
    name: 'Note',
    options: { content, ...(contentEn === undefined ? {} : { contentEn }) },
  });

  it('cleans both languages of a rich-text note and leaves other widgets alone', () => {
    const parsed = widgetSchema.parse(note('<b onclick=x>hi</b><script>1</script>', '<a href="javascript:1">en</a>'));
    expect(parsed.options).toEqual({ content: '<b>hi</b>', contentEn: '<a>en</a>' });
    const label = { type: 'blank', key: 'h_1', model: 'h_1', name: 'Heading', options: { content: 'Blood pressure < 140 <b>' } };
    expect(widgetSchema.parse(label).options.content).toBe('Blood pressure < 140 <b>');
  });

  it('reaches widgets nested in a grid column', () => {
    const panel = {
      list: [{ type: 'grid', key: 'g_1', model: 'g_1', name: 'Grid', options: { columns: [{ span: 24, list: [note('<img src=x onerror=alert(1)>ok')] }] } }],
      config: { labelWidth: 8, labelPosition: 'right' },
    };
    const parsed = panelSchema.safeParse(panel);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(JSON.stringify(parsed.data)).not.toContain('onerror');
    expect(JSON.stringify(parsed.data)).toContain('"content":"ok"');
  });

  it('changes nothing but the rich text', () => {
    const widget = { type: 'richeditor', options: { content: '<i>x</i>', alertType: 'info' as const } };
    expect(cleanRichTextWidget(widget)).toEqual(widget);
  });
});
