// The rule stages: the block stage once over the document, then any run of its top-level blocks rendered on its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import markdownIt, { type StateCore } from 'markdown-it';
import { getParser } from '../../../src/render/markdown/setup.ts';
import { BLOCK_STAGE, CHUNK_STAGE, TAIL_STAGE, renderPart, runStage, type Env } from '../../../src/render/markdown/stages.ts';
import { renderChunks } from '../../../src/render/markdown/render-chunks.ts';

const SOURCE = '# Title\n\nSee [the docs][d] and a note[^n].\n\n- *one*\n- two\n\n> quote\n\n[d]: https://docs.example/\n[^n]: The note.\n';

function blocks(source: string) {
  const md = getParser();
  const env: Env = { qaNonce: 'N' };
  const state = new md.core.State(source, md, env);
  runStage(md, state, BLOCK_STAGE);
  return { md, env, tokens: state.tokens };
}

test('the block stage finds blocks and definitions but parses no inline content', () => {
  const { env, tokens } = blocks(SOURCE);
  const inline = tokens.filter((t) => t.type === 'inline');
  assert.ok(inline.length >= 5);
  assert.ok(
    inline.every((t) => !t.children?.length),
    'no inline children yet',
  );
  assert.deepEqual(Object.keys((env as { references?: object }).references ?? {}), ['D']);
  assert.ok(tokens.some((t) => t.type === 'footnote_reference_open'));
});

test('top-level blocks rendered in two parts give the HTML of one part, references resolved in both', () => {
  const whole = blocks(SOURCE);
  const cut = whole.tokens.findIndex((t, i) => i > 0 && t.level === 0 && t.nesting !== -1 && t.type === 'bullet_list_open');
  const one = blocks(SOURCE);
  const all = renderPart(one.md, one.tokens, one.env, [CHUNK_STAGE]);
  const parts =
    renderPart(whole.md, whole.tokens.slice(0, cut), whole.env, [CHUNK_STAGE]) + renderPart(whole.md, whole.tokens.slice(cut), whole.env, [CHUNK_STAGE]);
  assert.equal(parts, all);
  assert.match(all, /<a href="https:\/\/docs\.example\/">the docs<\/a>/);
  assert.match(all, /<em>one<\/em>/);
});

test('the tail stage renders the footnotes the chunks referred to', () => {
  const { md, env, tokens } = blocks(SOURCE);
  const start = tokens.findIndex((t) => t.type === 'footnote_reference_open');
  renderPart(md, tokens.slice(0, start), env, [CHUNK_STAGE]);
  assert.ok(start > 0);
  const tail = renderPart(md, tokens.slice(start), env, [CHUNK_STAGE, TAIL_STAGE]);
  assert.match(tail, /^<section class="footnotes"[^>]*>.*The note\./s);
});

test("the document's own inline style and handler attributes are renamed; markup without raw HTML is left alone", () => {
  const html = (src: string) => [...renderChunks(src, { nonce: 'N' })].map((c) => c.html).join('');
  const raw = html(
    '# Title\n\n<p style="color:red" onclick="x()">a</p>\n\nText <b onmouseover="y()">b</b> and the word only=1.\n\n<div title=\'a\'\nstyle="z">c</div>\n',
  );
  assert.match(raw, /<p data-qa-line="3-3" data-qa-html data-qa-inert-style="color:red" data-qa-inert-onclick="x\(\)">/);
  assert.match(raw, /<b data-qa-inert-onmouseover="y\(\)">b<\/b> and the word only=1\./);
  assert.match(raw, /data-qa-inert-style="z"/);
  assert.doesNotMatch(raw, /<[^>]*\s(?:style|on[a-z]+)=/);
  // Without raw HTML the markup is what the renderer wrote (nothing to rename).
  const plain = [...renderChunks('Text with style="x" and onclick=y, a [link](https://e.example "on title").\n', { nonce: 'N' })];
  assert.equal(plain.length, 1);
  assert.equal(
    plain[0]!.html,
    '<p data-qa-line="1-1">Text with style=&quot;x&quot; and onclick=y, a <a href="https://e.example" title="on title">link</a>.</p>',
  );
});

test('a stage run again keeps its rules; a rule added or switched on in between is seen', () => {
  const md = markdownIt();
  const ran: string[] = [];
  const rule = (name: string) => (state: StateCore) => {
    ran.push(name);
    return state.tokens.length >= 0;
  };
  md.core.ruler.push('a', rule('a'));
  md.core.ruler.push('b', rule('b'));
  const stageA = ['a', 'later'];
  const run = (stage: string[]) => {
    ran.length = 0;
    runStage(md, new md.core.State('x', md, {}), stage);
    return [...ran];
  };
  assert.deepEqual(run(stageA), ['a']);
  assert.deepEqual(run(stageA), ['a'], 'the same stage again');
  // A rule of the stage that arrives later (as the emoji rule does, once its table is loaded) runs from then on.
  md.core.ruler.push('later', rule('later'));
  assert.deepEqual(run(stageA), ['a', 'later']);
  // A rule added outside the stage does not run with it.
  md.core.ruler.push('other', rule('other'));
  assert.deepEqual(run(stageA), ['a', 'later']);
  // Someone else switching rules on between two runs of the stage changes nothing for it.
  md.core.ruler.enable('b');
  assert.deepEqual(run(stageA), ['a', 'later']);
  assert.deepEqual(run(['b']), ['b']);
  assert.deepEqual(run(stageA), ['a', 'later']);
});
