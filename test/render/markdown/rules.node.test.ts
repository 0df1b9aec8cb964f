// The kit's own rules, each on a markdown-it of its own: task lists, strikethrough, alerts and block attributes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import markdownIt from 'markdown-it';
import alertsPlugin from 'markdown-it-github-alerts';
import { blockAttributes, repairAlerts, strikethrough, taskLists } from '../../../src/render/markdown/rules.ts';
import { renderChunks } from '../../../src/render/markdown/render-chunks.ts';

test('task lists: a checkbox marker only when text follows it, and the list says it holds tasks', () => {
  const md = markdownIt();
  md.core.ruler.after('inline', 'qa_task_lists', taskLists);
  md.renderer.rules.qa_task = (tokens, idx) => `[box ${tokens[idx]!.meta?.checked ? 'x' : ' '}]`;
  assert.equal(
    md.render('- [ ] open\n- [X] done\n'),
    '<ul class="contains-task-list">\n<li class="task-list-item">[box  ] open</li>\n<li class="task-list-item">[box x] done</li>\n</ul>\n',
  );
  assert.equal(md.render('- [ ]\n- [x]not a task\n'), '<ul>\n<li>[ ]</li>\n<li>[x]not a task</li>\n</ul>\n');
  // Only items of the list itself: a nested task list marks its own list.
  assert.equal(md.render('- a\n  - [x] b\n'), '<ul>\n<li>a\n<ul class="contains-task-list">\n<li class="task-list-item">[box x] b</li>\n</ul>\n</li>\n</ul>\n');
});

test('strikethrough takes one or two tildes, as on GitHub; three or more stay text', () => {
  const md = markdownIt();
  strikethrough(md);
  assert.equal(md.renderInline('~a~ and ~~b~~'), '<del>a</del> and <del>b</del>');
  assert.equal(md.renderInline('~~~c~~~'), '~~~c~~~');
  // A single tilde pairs only with a single one.
  assert.equal(md.renderInline('~a~~'), '~a~~');
  assert.equal(md.renderInline('**~x~**'), '<strong><del>x</del></strong>');
});

test('an alert holding a quote closes where its own quote does', () => {
  const md = markdownIt();
  md.use(alertsPlugin, { markers: ['NOTE'], icons: {}, titles: { note: 'Note' } });
  const source = '> [!NOTE]\n> a\n> > inner\n>\n> b\n';
  const plain = md.render(source);
  md.core.ruler.after('github-alerts', 'qa_alerts_pairing', repairAlerts);
  const paired = md.render(source);
  assert.notEqual(plain, paired, 'the plugin alone pairs the alert with the inner quote');
  assert.match(paired, /<blockquote>\n<p>inner<\/p>\n<\/blockquote>\n<p>b<\/p>\n<\/div>\n$/);
  assert.equal(paired.match(/<\/div>/g)!.length, 1);
  assert.equal(paired.match(/<\/blockquote>/g)!.length, 1);
});

test('block attributes: line spans, table alignment as classes, raw HTML marked and noted in the env', () => {
  const md = markdownIt({ html: true });
  md.core.ruler.push('qa_block_attributes', blockAttributes);
  const env: Record<string, unknown> = {};
  assert.equal(
    md.render('# T\n\n| l | r |\n|:--|--:|\n| 1 | 2 |\n', env),
    '<h1 data-qa-line="1-1">T</h1>\n<table data-qa-line="3-5">\n<thead data-qa-line="3-3">\n<tr data-qa-line="3-3">\n<th class="qa-align-left">l</th>\n<th class="qa-align-right">r</th>\n</tr>\n</thead>\n<tbody data-qa-line="5-5">\n<tr data-qa-line="5-5">\n<td class="qa-align-left">1</td>\n<td class="qa-align-right">2</td>\n</tr>\n</tbody>\n</table>\n',
  );
  assert.equal(env.qaRaw, undefined);
  assert.equal(md.render('<div class="x">\nhi\n</div>\n', env), '<div data-qa-line="1-3" data-qa-html class="x">\nhi\n</div>\n');
  assert.equal(env.qaRaw, true);
  const inline: Record<string, unknown> = {};
  md.render('a <b>b</b>\n', inline);
  assert.equal(inline.qaRaw, true);
});

test('document HTML cannot pose as the kit', () => {
  const out = [...renderChunks('<p data-qa-line="1-2" DATA-QA-KIT="N task checked">x</p>\n\nInline <b data-qa-kit="N x">y</b>', { nonce: 'N' })]
    .map((c) => c.html)
    .join('');
  assert.doesNotMatch(out, /data-qa-kit="N (task|x)/);
  assert.match(out, /data-x-qa-line/);
});
