import type { Row } from 'write-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';

/** An xlsx user sheet: a header row, then the given rows. */
export async function userSheet(rows: readonly (readonly (string | null)[])[]): Promise<Buffer> {
  const data: Row[] = [['登录名', '姓名', '英文名', '性别', '邮箱', '电话', '单位', '科室'], ...rows.map((row) => row.map((value) => (value === null ? null : { value })))];
  return writeXlsxFile([{ sheet: 'Users', data }], {}).toBuffer();
}

/** A multipart/form-data body with one file part named `file`, as a browser's FormData sends it. */
export function multipartFile(file: Buffer, filename = 'users.xlsx'): { payload: Buffer; contentType: string } {
  const boundary = '----dcapTestBoundary7MA4YWxkTrZu0gW';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}
