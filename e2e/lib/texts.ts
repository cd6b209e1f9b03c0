import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Texts in the browser suite: the server runs like production with SMS_TRANSPORT=outbox (the
 * default), so each text is a file in DATA_DIR/texts beside the mail drop, which only the
 * operator (this test run) reads. The newest one-time code texted to a number.
 */
export async function newestCodeTo(number: string, timeoutMs = 30_000): Promise<string> {
  const mailDir = process.env.E2E_MAIL_DIR;
  if (!mailDir) throw new Error('E2E_MAIL_DIR is not set: run the scenarios through e2e/run.ts');
  const dir = path.join(path.dirname(mailDir), 'texts');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.txt'));
    // Names start with the time written, so the newest sorts last.
    for (const name of names.sort().reverse()) {
      const text = await readFile(path.join(dir, name), 'utf8');
      const code = text.includes(`To: ${number}\n`) ? text.match(/\b(\d{6})\b/)?.[1] : undefined;
      if (code) return code;
    }
    if (Date.now() > deadline) throw new Error(`no text to ${number} in ${dir} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
