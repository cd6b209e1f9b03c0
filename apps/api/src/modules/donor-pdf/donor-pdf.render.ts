import {
  DONOR_TABS,
  type DonorDetails,
  type DonorFields,
  type DonorFieldValue,
  type DonorFile,
  donorDisplayId,
  formatDate,
  labelOf,
  valueText,
} from '@dm/shared';
import PDFDocument from 'pdfkit';

/** A picture the caller may see, already read from storage. */
export interface PdfImage {
  file: DonorFile;
  data: Buffer;
}

type Doc = PDFKit.PDFDocument;

const MARGIN = 54;
const HEADER_Y = 24;
const GAP = 12;
const PHOTO_COLUMNS = 3;
const PHOTO_HEIGHT = 170;
/** Records with more fields than this read better turned on their side (one column per record). */
const MAX_TABLE_COLUMNS = 5;
const RECORDS_PER_SIDEWAYS_TABLE = 4;
const INK = '#1f2933';
const MUTED = '#52606d';
const RULE = '#9aa5b1';
const SHADE = '#e4e7eb';

const pad = (n: number) => String(n).padStart(2, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** MM/dd/yyyy, the spec's date format (UTC: the PDF is made on the server). */
const dateText = (d: Date) => formatDate(d, true);
/** Note timestamps as the page shows them, MMM dd yyyy hh:mm a (UTC here). */
function noteTime(iso: string): string {
  const d = new Date(iso);
  const h = d.getUTCHours() % 12 === 0 ? 12 : d.getUTCHours() % 12;
  const ampm = d.getUTCHours() < 12 ? 'AM' : 'PM';
  return `${MONTHS[d.getUTCMonth()]} ${pad(d.getUTCDate())} ${d.getUTCFullYear()} ${pad(h)}:${pad(d.getUTCMinutes())} ${ampm} UTC`;
}

/** The visible name of a donor, as the details page's heading. */
export function donorHeading(d: DonorDetails): string {
  return [d.firstName, d.lastName].filter(Boolean).join(' ') || `Donor ${donorDisplayId(d)}`;
}

/** Writes blocks top to bottom, starting a new page whenever the next block would not fit. */
class Writer {
  constructor(readonly doc: Doc) {}

  get left(): number {
    return this.doc.page.margins.left;
  }
  get width(): number {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }
  private get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** Starts a new page unless `height` more points fit on this one. */
  ensure(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  section(title: string): void {
    this.ensure(60);
    this.doc.moveDown(0.6);
    this.doc.font('Helvetica-Bold').fontSize(15).fillColor(INK).text(title, this.left, this.doc.y);
    const y = this.doc.y + 2;
    this.doc
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(1)
      .strokeColor(RULE)
      .stroke();
    this.doc.y = y + 6;
  }

  subheading(title: string): void {
    this.ensure(40);
    this.doc.moveDown(0.4);
    this.doc.font('Helvetica-Bold').fontSize(11.5).fillColor(INK).text(title, this.left, this.doc.y);
    this.doc.moveDown(0.2);
  }

  note(text: string): void {
    this.doc.font('Helvetica-Oblique').fontSize(9.5).fillColor(MUTED).text(text, this.left, this.doc.y, {
      width: this.width,
    });
    this.doc.moveDown(0.3);
  }

  paragraph(text: string): void {
    this.doc.font('Helvetica').fontSize(10).fillColor(INK).text(text, this.left, this.doc.y, {
      width: this.width,
    });
    this.doc.moveDown(0.3);
  }

  /** Label / value rows, the label in bold in the left third. */
  fields(rows: [string, string][]): void {
    const labelWidth = Math.round(this.width * 0.36);
    const valueWidth = this.width - labelWidth - 8;
    for (const [label, value] of rows) {
      this.doc.fontSize(10);
      const height =
        Math.max(
          this.doc.font('Helvetica-Bold').heightOfString(label, { width: labelWidth }),
          this.doc.font('Helvetica').heightOfString(value, { width: valueWidth }),
        ) + 5;
      this.ensure(height);
      const y = this.doc.y;
      this.doc.font('Helvetica-Bold').fillColor(MUTED).text(label, this.left, y, { width: labelWidth });
      this.doc
        .font('Helvetica')
        .fillColor(INK)
        .text(value, this.left + labelWidth + 8, y, { width: valueWidth });
      this.doc.y = y + height;
    }
  }

  /** A table with a shaded header row, repeated when the table continues on the next page. */
  table(header: string[], rows: string[][], firstColumnWidth?: number): void {
    const columns = header.length;
    const first = firstColumnWidth ?? this.width / columns;
    const rest = columns > 1 ? (this.width - first) / (columns - 1) : 0;
    const widths = header.map((_, i) => (i === 0 ? first : rest));
    const cellPad = 4;
    const heightOf = (cells: string[], font: string) => {
      this.doc.font(font).fontSize(8.5);
      return (
        Math.max(...cells.map((c, i) => this.doc.heightOfString(c, { width: widths[i]! - 2 * cellPad }))) +
        2 * cellPad
      );
    };
    const drawRow = (cells: string[], font: string, shaded: boolean, height = heightOf(cells, font)) => {
      const y = this.doc.y;
      let x = this.left;
      if (shaded) this.doc.rect(this.left, y, this.width, height).fill(SHADE);
      this.doc.font(font).fontSize(8.5).fillColor(INK);
      cells.forEach((cell, i) => {
        this.doc.text(cell, x + cellPad, y + cellPad, { width: widths[i]! - 2 * cellPad });
        x += widths[i]!;
      });
      this.doc
        .moveTo(this.left, y + height)
        .lineTo(this.left + this.width, y + height)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
      this.doc.y = y + height;
    };
    this.ensure(heightOf(header, 'Helvetica-Bold') + (rows[0] ? heightOf(rows[0], 'Helvetica') : 0));
    drawRow(header, 'Helvetica-Bold', true);
    for (const row of rows) {
      const height = heightOf(row, 'Helvetica');
      if (this.doc.y + height > this.bottom) {
        this.doc.addPage();
        drawRow(header, 'Helvetica-Bold', true);
      }
      drawRow(row, 'Helvetica', false, height);
    }
    this.doc.x = this.left;
    this.doc.moveDown(0.5);
  }
}

const isBlank = (v: DonorFieldValue | undefined) =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

const fieldRows = (fields: DonorFields): [string, string][] =>
  Object.entries(fields).map(([k, v]) => [labelOf(k), valueText(v)]);

/** The group of fields as label / value rows, or a line saying nothing is recorded. */
function fieldGroup(w: Writer, title: string | null, fields: DonorFields): void {
  if (title) w.subheading(title);
  const rows = fieldRows(fields);
  if (rows.length === 0) w.note('Nothing recorded.');
  else w.fields(rows);
}

/**
 * A repeating section (family members, schools, cycles...) as a table: one column per field when
 * the records have few fields, otherwise one column per record so the labels stay readable.
 */
function recordsTable(w: Writer, title: string | null, rows: DonorFields[]): void {
  if (title) w.subheading(title);
  if (rows.length === 0) {
    w.note('Nothing recorded.');
    return;
  }
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) =>
    rows.some((r) => !isBlank(r[k])),
  );
  if (keys.length === 0) {
    w.note('Nothing recorded.');
    return;
  }
  // A question key (family history) reads as its label, like the health questions.
  const cell = (r: DonorFields, k: string) =>
    k === 'key' && typeof r[k] === 'string' ? labelOf(r[k]) : valueText(r[k] ?? null);
  if (keys.length <= MAX_TABLE_COLUMNS) {
    w.table(
      keys.map((k) => (k === 'key' ? 'Question' : labelOf(k))),
      rows.map((r) => keys.map((k) => cell(r, k))),
    );
    return;
  }
  for (let start = 0; start < rows.length; start += RECORDS_PER_SIDEWAYS_TABLE) {
    const chunk = rows.slice(start, start + RECORDS_PER_SIDEWAYS_TABLE);
    w.table(
      ['Field', ...chunk.map((_, i) => `No. ${start + i + 1}`)],
      keys.map((k) => [labelOf(k), ...chunk.map((r) => cell(r, k))]),
      Math.round(w.width * 0.28),
    );
  }
}

function fileList(w: Writer, title: string, files: DonorFile[], item: string): void {
  w.subheading(title);
  if (files.length === 0) {
    w.note(`No ${title.toLowerCase()}.`);
    return;
  }
  w.table(
    ['Title', 'Type', 'Visibility'],
    files.map((f, i) => [
      f.title ?? `${item} ${i + 1}`,
      f.kind ?? f.contentType,
      f.private ? 'Private' : 'Public',
    ]),
    Math.round(w.width * 0.5),
  );
}

/** The photos, three to a row, each scaled to fit its cell, with its caption below. */
function photos(w: Writer, name: string, images: PdfImage[], total: number): number {
  w.section('Photos');
  if (total === 0) {
    w.note('No photos.');
    return 0;
  }
  if (images.length < total) w.note(`${images.length} of ${total} photos are shown in this PDF.`);
  const cell = (w.width - GAP * (PHOTO_COLUMNS - 1)) / PHOTO_COLUMNS;
  let embedded = 0;
  for (let start = 0; start < images.length; start += PHOTO_COLUMNS) {
    const row = images.slice(start, start + PHOTO_COLUMNS);
    w.ensure(PHOTO_HEIGHT + 30);
    const y = w.doc.y;
    row.forEach((img, i) => {
      const x = w.left + i * (cell + GAP);
      try {
        w.doc.image(img.data, x, y, { fit: [cell, PHOTO_HEIGHT], align: 'center', valign: 'center' });
        embedded++;
      } catch {
        // A file pdfkit cannot decode is left out rather than failing the whole profile.
        w.doc.rect(x, y, cell, PHOTO_HEIGHT).lineWidth(0.5).strokeColor(RULE).stroke();
      }
      w.doc
        .font('Helvetica')
        .fontSize(8.5)
        .fillColor(MUTED)
        .text(img.file.title ?? `${name}, photo ${start + i + 1}`, x, y + PHOTO_HEIGHT + 4, {
          width: cell,
          align: 'center',
          lineBreak: false,
          ellipsis: true,
        });
    });
    w.doc.y = y + PHOTO_HEIGHT + 22;
  }
  w.doc.x = w.left;
  return embedded;
}

/** Center name above and page numbers below every page, once the page count is known. */
function pageFurniture(doc: Doc, d: DonorDetails, generated: Date): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const { margins } = doc.page;
    const saved = { ...margins };
    // Writing inside the margins must not start a new page.
    doc.page.margins = { ...margins, top: 0, bottom: 0 };
    const width = doc.page.width - 2 * MARGIN;
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor(MUTED)
      .text(d.centerName, MARGIN, HEADER_Y, {
        width: width / 2,
        lineBreak: false,
      });
    doc.font('Helvetica').text(`Donor ${donorDisplayId(d)}`, MARGIN + width / 2, HEADER_Y, {
      width: width / 2,
      align: 'right',
      lineBreak: false,
    });
    const footerY = doc.page.height - MARGIN + 22;
    doc.text(`Generated ${dateText(generated)}`, MARGIN, footerY, { width: width / 2, lineBreak: false });
    doc.text(`Page ${i - start + 1} of ${count}`, MARGIN + width / 2, footerY, {
      width: width / 2,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins = saved;
  }
}

/**
 * Lays out the donor page as the caller was given it (already redacted) on US Letter pages with
 * the built-in Helvetica: the summary, the photos, then each tab of the details page in order.
 * Resolves to the PDF bytes and how many pictures were embedded.
 */
export function renderDonorPdf(
  d: DonorDetails,
  images: PdfImage[],
  generated: Date,
): Promise<{ pdf: Buffer; images: number }> {
  const heading = donorHeading(d);
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: 'en-US',
    displayTitle: true,
    info: {
      Title: `${heading} - donor profile`,
      Author: d.centerName,
      Subject: `Donor ${donorDisplayId(d)}`,
      Creator: d.centerName,
      CreationDate: generated,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const w = new Writer(doc);

  doc.font('Helvetica-Bold').fontSize(22).fillColor(INK).text(heading, MARGIN, MARGIN);
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor(MUTED)
    .text([`Donor ID ${donorDisplayId(d)}`, d.centerName].join('  ·  '));
  doc.moveDown(0.6);
  const summary: [string, string][] = [
    ['Availability', d.availability],
    ['Frozen availability', valueText(d.frozenAvailability)],
    ['Age', valueText(d.age)],
    ['Views', String(d.viewsCount)],
  ];
  // Left out where the donor's agency hides it from the caller (as on the details page).
  if (d.donorType !== null) summary.splice(2, 0, ['Donor type', d.donorType]);
  if (d.compensation !== null) summary.push(['Compensation', `$${d.compensation.toLocaleString('en-US')}`]);
  if (d.ssn) summary.push(['SSN', d.ssn]);
  if (d.contact) {
    summary.push(['E-mail', d.contact.email]);
    summary.push(['Phone', `${d.contact.countryCode} ${d.contact.contactNo}`.trim()]);
    summary.push(['Address', valueText(d.contact.address)]);
  }
  w.fields(summary);

  const embedded = photos(w, heading, images, d.pictures.length);

  w.section(DONOR_TABS[0]);
  fieldGroup(w, null, d.general);
  if (d.customAnswers.length > 0) {
    w.subheading('Questions and answers');
    w.fields(d.customAnswers.map((a) => [a.question, a.answer || '—']));
  }
  if (d.frozenBatches) recordsTable(w, 'Frozen batches', d.frozenBatches);

  w.section(DONOR_TABS[1]);
  fieldGroup(w, null, d.personalHealth);
  if (d.healthAnswers.length > 0) {
    w.subheading('Health questions');
    w.fields(
      d.healthAnswers.map((a) => [
        labelOf(a.key),
        `${a.answer ? 'Yes' : 'No'}${a.details ? ` (${a.details})` : ''}`,
      ]),
    );
  }
  recordsTable(w, 'Medications', d.medications);
  recordsTable(w, 'Deliveries', d.deliveries);

  w.section(DONOR_TABS[2]);
  fieldGroup(w, null, d.characteristics);
  w.subheading('Race and ethnicity');
  w.fields([
    ['Races', valueText(d.races.map((r) => `${r.name} ${r.percentage}%`))],
    ['Ethnicities', valueText(d.ethnicities.map((r) => `${r.name} ${r.percentage}%`))],
  ]);

  w.section(DONOR_TABS[3]);
  recordsTable(w, 'Family members', d.family.members);
  recordsTable(w, 'Family history', d.family.history);
  recordsTable(w, 'Diseases in the family', d.family.diseases);

  w.section(DONOR_TABS[4]);
  recordsTable(w, 'Schools', d.education.records);
  recordsTable(w, 'Test scores', d.education.exams);

  w.section(DONOR_TABS[5]);
  recordsTable(w, null, d.pastDonations);

  w.section('Videos and documents');
  fileList(w, 'Videos', d.videos, 'Video');
  fileList(w, 'Documents', d.documents, 'Document');
  if (d.additionalDocuments) fileList(w, 'Additional documents', d.additionalDocuments, 'Document');

  if (d.adminNotes || d.matchPanels || d.notes) {
    w.section('Agency');
    if (d.adminNotes) {
      w.subheading('Admin notes');
      w.paragraph(d.adminNotes);
    }
    if (d.matchPanels) {
      w.subheading('Active and queued matches');
      w.fields([
        ['Active', String(d.matchPanels.active.length)],
        ['Queued', String(d.matchPanels.queued.length)],
      ]);
    }
    if (d.notes) {
      w.subheading('Notes');
      if (d.notes.length === 0) w.note('No notes.');
      else
        w.table(
          ['Date', 'Case manager', 'Note'],
          d.notes.map((n) => [noteTime(n.createdAt), n.managerName || '—', n.note]),
          Math.round(w.width * 0.25),
        );
    }
  }

  pageFurniture(doc, d, generated);
  doc.end();
  return done.then((pdf) => ({ pdf, images: embedded }));
}
