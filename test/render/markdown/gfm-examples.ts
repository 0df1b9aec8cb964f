/**
 * The GFM extension examples (tables, task lists, strikethrough, autolinks,
 * disallowed raw HTML) of the GitHub Flavored Markdown Spec 0.29
 * (github/cmark-gfm, test/spec.txt; CC-BY-SA 4.0), as data: no package
 * publishes them. Numbers are the spec's example numbers.
 */
export interface SpecExample {
  number: number;
  section: string;
  markdown: string;
  html: string;
}

/** An example with its id: the CommonMark example number, or `gfm-N` for a GFM extension example. */
export interface Example extends SpecExample {
  id: string;
}

/** The examples of a spec text, as the `commonmark-spec` package extracts them (→ stands for a tab). */
export function extractExamples(text: string): Example[] {
  const examples: Example[] = [];
  let section = '';
  let number = 0;
  const body = text.replace(/\r\n?/g, '\n').replace(/^<!-- END TESTS -->(.|[\n])*/m, '');
  for (const m of body.matchAll(/^`{32} example\n([\s\S]*?)^\.\n([\s\S]*?)^`{32}$|^#{1,6} *(.*)$/gm)) {
    if (m[3] !== undefined) {
      section = m[3];
      continue;
    }
    number++;
    examples.push({ id: String(number), number, section, markdown: m[1]!.replace(/→/g, '\t'), html: m[2]!.replace(/→/g, '\t') });
  }
  return examples;
}

export const GFM_EXTENSION_EXAMPLES: readonly SpecExample[] = [
  {
    number: 198,
    section: 'Tables (extension)',
    markdown: '| foo | bar |\n| --- | --- |\n| baz | bim |\n',
    html: '<table>\n<thead>\n<tr>\n<th>foo</th>\n<th>bar</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>baz</td>\n<td>bim</td>\n</tr>\n</tbody>\n</table>\n',
  },
  {
    number: 199,
    section: 'Tables (extension)',
    markdown: '| abc | defghi |\n:-: | -----------:\nbar | baz\n',
    html: '<table>\n<thead>\n<tr>\n<th align="center">abc</th>\n<th align="right">defghi</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td align="center">bar</td>\n<td align="right">baz</td>\n</tr>\n</tbody>\n</table>\n',
  },
  {
    number: 200,
    section: 'Tables (extension)',
    markdown: '| f\\|oo  |\n| ------ |\n| b `\\|` az |\n| b **\\|** im |\n',
    html: '<table>\n<thead>\n<tr>\n<th>f|oo</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>b <code>|</code> az</td>\n</tr>\n<tr>\n<td>b <strong>|</strong> im</td>\n</tr>\n</tbody>\n</table>\n',
  },
  {
    number: 201,
    section: 'Tables (extension)',
    markdown: '| abc | def |\n| --- | --- |\n| bar | baz |\n> bar\n',
    html: '<table>\n<thead>\n<tr>\n<th>abc</th>\n<th>def</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>bar</td>\n<td>baz</td>\n</tr>\n</tbody>\n</table>\n<blockquote>\n<p>bar</p>\n</blockquote>\n',
  },
  {
    number: 202,
    section: 'Tables (extension)',
    markdown: '| abc | def |\n| --- | --- |\n| bar | baz |\nbar\n\nbar\n',
    html: '<table>\n<thead>\n<tr>\n<th>abc</th>\n<th>def</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>bar</td>\n<td>baz</td>\n</tr>\n<tr>\n<td>bar</td>\n<td></td>\n</tr>\n</tbody>\n</table>\n<p>bar</p>\n',
  },
  { number: 203, section: 'Tables (extension)', markdown: '| abc | def |\n| --- |\n| bar |\n', html: '<p>| abc | def |\n| --- |\n| bar |</p>\n' },
  {
    number: 204,
    section: 'Tables (extension)',
    markdown: '| abc | def |\n| --- | --- |\n| bar |\n| bar | baz | boo |\n',
    html: '<table>\n<thead>\n<tr>\n<th>abc</th>\n<th>def</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>bar</td>\n<td></td>\n</tr>\n<tr>\n<td>bar</td>\n<td>baz</td>\n</tr>\n</tbody>\n</table>\n',
  },
  {
    number: 205,
    section: 'Tables (extension)',
    markdown: '| abc | def |\n| --- | --- |\n',
    html: '<table>\n<thead>\n<tr>\n<th>abc</th>\n<th>def</th>\n</tr>\n</thead>\n</table>\n',
  },
  {
    number: 279,
    section: 'Task list items (extension)',
    markdown: '- [ ] foo\n- [x] bar\n',
    html: '<ul>\n<li><input disabled="" type="checkbox"> foo</li>\n<li><input checked="" disabled="" type="checkbox"> bar</li>\n</ul>\n',
  },
  {
    number: 280,
    section: 'Task list items (extension)',
    markdown: '- [x] foo\n  - [ ] bar\n  - [x] baz\n- [ ] bim\n',
    html: '<ul>\n<li><input checked="" disabled="" type="checkbox"> foo\n<ul>\n<li><input disabled="" type="checkbox"> bar</li>\n<li><input checked="" disabled="" type="checkbox"> baz</li>\n</ul>\n</li>\n<li><input disabled="" type="checkbox"> bim</li>\n</ul>\n',
  },
  { number: 491, section: 'Strikethrough (extension)', markdown: '~~Hi~~ Hello, world!\n', html: '<p><del>Hi</del> Hello, world!</p>\n' },
  { number: 492, section: 'Strikethrough (extension)', markdown: 'This ~~has a\n\nnew paragraph~~.\n', html: '<p>This ~~has a</p>\n<p>new paragraph~~.</p>\n' },
  {
    number: 621,
    section: 'Autolinks (extension)',
    markdown: 'www.commonmark.org\n',
    html: '<p><a href="http://www.commonmark.org">www.commonmark.org</a></p>\n',
  },
  {
    number: 622,
    section: 'Autolinks (extension)',
    markdown: 'Visit www.commonmark.org/help for more information.\n',
    html: '<p>Visit <a href="http://www.commonmark.org/help">www.commonmark.org/help</a> for more information.</p>\n',
  },
  {
    number: 623,
    section: 'Autolinks (extension)',
    markdown: 'Visit www.commonmark.org.\n\nVisit www.commonmark.org/a.b.\n',
    html: '<p>Visit <a href="http://www.commonmark.org">www.commonmark.org</a>.</p>\n<p>Visit <a href="http://www.commonmark.org/a.b">www.commonmark.org/a.b</a>.</p>\n',
  },
  {
    number: 624,
    section: 'Autolinks (extension)',
    markdown:
      'www.google.com/search?q=Markup+(business)\n\nwww.google.com/search?q=Markup+(business)))\n\n(www.google.com/search?q=Markup+(business))\n\n(www.google.com/search?q=Markup+(business)\n',
    html: '<p><a href="http://www.google.com/search?q=Markup+(business)">www.google.com/search?q=Markup+(business)</a></p>\n<p><a href="http://www.google.com/search?q=Markup+(business)">www.google.com/search?q=Markup+(business)</a>))</p>\n<p>(<a href="http://www.google.com/search?q=Markup+(business)">www.google.com/search?q=Markup+(business)</a>)</p>\n<p>(<a href="http://www.google.com/search?q=Markup+(business)">www.google.com/search?q=Markup+(business)</a></p>\n',
  },
  {
    number: 625,
    section: 'Autolinks (extension)',
    markdown: 'www.google.com/search?q=(business))+ok\n',
    html: '<p><a href="http://www.google.com/search?q=(business))+ok">www.google.com/search?q=(business))+ok</a></p>\n',
  },
  {
    number: 626,
    section: 'Autolinks (extension)',
    markdown: 'www.google.com/search?q=commonmark&hl=en\n\nwww.google.com/search?q=commonmark&hl;\n',
    html: '<p><a href="http://www.google.com/search?q=commonmark&amp;hl=en">www.google.com/search?q=commonmark&amp;hl=en</a></p>\n<p><a href="http://www.google.com/search?q=commonmark">www.google.com/search?q=commonmark</a>&amp;hl;</p>\n',
  },
  {
    number: 627,
    section: 'Autolinks (extension)',
    markdown: 'www.commonmark.org/he<lp\n',
    html: '<p><a href="http://www.commonmark.org/he">www.commonmark.org/he</a>&lt;lp</p>\n',
  },
  {
    number: 628,
    section: 'Autolinks (extension)',
    markdown: 'http://commonmark.org\n\n(Visit https://encrypted.google.com/search?q=Markup+(business))\n\nAnonymous FTP is available at ftp://foo.bar.baz.\n',
    html: '<p><a href="http://commonmark.org">http://commonmark.org</a></p>\n<p>(Visit <a href="https://encrypted.google.com/search?q=Markup+(business)">https://encrypted.google.com/search?q=Markup+(business)</a>)</p>\n<p>Anonymous FTP is available at <a href="ftp://foo.bar.baz">ftp://foo.bar.baz</a>.</p>\n',
  },
  { number: 629, section: 'Autolinks (extension)', markdown: 'foo@bar.baz\n', html: '<p><a href="mailto:foo@bar.baz">foo@bar.baz</a></p>\n' },
  {
    number: 630,
    section: 'Autolinks (extension)',
    markdown: "hello@mail+xyz.example isn't valid, but hello+xyz@mail.example is.\n",
    html: '<p>hello@mail+xyz.example isn\'t valid, but <a href="mailto:hello+xyz@mail.example">hello+xyz@mail.example</a> is.</p>\n',
  },
  {
    number: 631,
    section: 'Autolinks (extension)',
    markdown: 'a.b-c_d@a.b\n\na.b-c_d@a.b.\n\na.b-c_d@a.b-\n\na.b-c_d@a.b_\n',
    html: '<p><a href="mailto:a.b-c_d@a.b">a.b-c_d@a.b</a></p>\n<p><a href="mailto:a.b-c_d@a.b">a.b-c_d@a.b</a>.</p>\n<p>a.b-c_d@a.b-</p>\n<p>a.b-c_d@a.b_</p>\n',
  },
  {
    number: 653,
    section: 'Disallowed Raw HTML (extension)',
    markdown: '<strong> <title> <style> <em>\n\n<blockquote>\n  <xmp> is disallowed.  <XMP> is also disallowed.\n</blockquote>\n',
    html: '<p><strong> &lt;title> &lt;style> <em></p>\n<blockquote>\n  &lt;xmp> is disallowed.  &lt;XMP> is also disallowed.\n</blockquote>\n',
  },
];
