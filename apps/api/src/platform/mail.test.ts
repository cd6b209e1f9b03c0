import { describe, expect, it } from 'vitest';
import { fillPlaceholders, htmlToText } from './mail.js';

describe('htmlToText', () => {
  it('keeps paragraphs and line breaks and shows a link by its address', () => {
    expect(
      htmlToText(
        '<p>Dear Pat &amp; Co,</p><p>Open this link:</p><p><a href="https://x.test/r?a=1&amp;b=2">https://x.test/r?a=1&amp;b=2</a></p><p>Thanks,<br>O&#39;Neil &lt;team&gt;</p>',
      ),
    ).toBe("Dear Pat & Co,\n\nOpen this link:\n\nhttps://x.test/r?a=1&b=2\n\nThanks,\nO'Neil <team>");
  });

  it('gives a link with its own words both, bullets lists, leaves images out and never wraps', () => {
    const long = 'word '.repeat(40).trim();
    expect(
      htmlToText(
        `<p><a href="https://x.test/a">Open it</a></p><ul><li>One</li><li>Two</li></ul><p><img src="data:image/png;base64,AAAA" alt="logo">${long}</p>`,
      ),
    ).toBe(`Open it [https://x.test/a]\n\n * One\n * Two\n\n${long}`);
  });
});

describe('fillPlaceholders', () => {
  it('escapes values, puts caller-built markup in as it is, and as text outside HTML', () => {
    const vars = { recipient: 'Pat <b>&</b>' };
    const markup = { donors: '<ul><li><a href="https://x.test/d/1">Donor D-1</a></li></ul>' };
    expect(fillPlaceholders('<p>{recipient}</p>{donors}{unknown}', vars, true, markup)).toBe(
      '<p>Pat &lt;b&gt;&amp;&lt;/b&gt;</p><ul><li><a href="https://x.test/d/1">Donor D-1</a></li></ul>{unknown}',
    );
    expect(fillPlaceholders('{recipient}: {donors}', vars, false, markup)).toBe(
      'Pat <b>&</b>:  * Donor D-1 [https://x.test/d/1]',
    );
  });
});
