import { spawn } from 'node:child_process';

/**
 * Validates an XML document against an XML schema with libxml2's xmllint (Debian package libxml2-utils),
 * reading the document from standard input and never the network. Answers the first complaints, or an
 * empty list when the document is valid (docs/decisions.md, "CDISC ODM").
 */
export function xmllintErrors(schemaFile: string, document: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn('xmllint', ['--noout', '--nonet', '--schema', schemaFile, '-'], { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 64_000) stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) return resolve([]);
      const lines = stderr
        .split('\n')
        .map((line) => line.replace(/^-:/, 'line ').trim())
        .filter((line) => line !== '' && !line.endsWith('fails to validate'));
      resolve(lines.length > 0 ? lines.slice(0, 5) : [`xmllint exited with ${String(code)}`]);
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(document);
  });
}
