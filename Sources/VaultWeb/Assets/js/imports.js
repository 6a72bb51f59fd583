// Import in the page: the sidebar's Import row takes an export file (Evernote's .enex,
// Bear's .bear2bk, a Keep or Notion zip), sends it to POST /api/import (the server keeps it
// outside the vault while it reads it) and shows the report, every note accounted for,
// with Undo: the whole import is one operation (POST /api/undo).

import { $, api, attempt, csrf, toast } from './api.js';
import { refreshAll } from './hooks.js';

/** The format of an export by its file name; a zip is Keep's or Notion's, asked. */
function formatOf(name) {
  const lower = name.toLowerCase();
  if (lower.endsWith('.enex')) return 'enex';
  if (lower.endsWith('.bear2bk')) return 'bear';
  if (lower.endsWith('.zip')) return lower.includes('takeout') || lower.includes('keep') ? 'keep' : 'notion';
  return null;
}

/** The report as lines, as `vault import` prints it. */
export function reportLines(report) {
  const lines = [`Read ${report.read}, ${report.dryRun ? 'would write' : 'wrote'} ${report.written}` +
    (report.unchanged ? `, ${report.unchanged} already imported` : '') + `, skipped ${report.skipped}.`];
  for (const skip of report.skips) lines.push(`Skipped ${skip.name}: ${skip.reason}`);
  lines.push(`Attachments: ${report.attachmentsWritten} written, ${report.attachmentsMissing.length} missing.`);
  for (const missing of report.attachmentsMissing) lines.push(`Missing attachment ${missing}`);
  lines.push(`Links: ${report.linksRewritten} rewritten, ${report.linksUnresolved.length} unresolved.`);
  for (const link of report.linksUnresolved) lines.push(`Unresolved link ${link}`);
  return lines;
}

async function upload(file) {
  const format = formatOf(file.name);
  if (!format) {
    toast(`${file.name} is not an export vault imports (.enex, .bear2bk or a Keep or Notion .zip)`);
    return;
  }
  const report = await attempt(async () => {
    const response = await fetch(`/api/import?format=${format}&name=${encodeURIComponent(file.name)}`, {
      method: 'POST', headers: { 'X-CSRF-Token': csrf, 'Content-Type': 'application/octet-stream' }, body: file,
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(data.error || response.statusText);
    return data;
  });
  if (!report) return;
  await refreshAll();
  show(file.name, report);
}

/** The report in the dialog; its second button takes the import back. */
function show(name, report) {
  const dialog = $('dialog');
  const ok = $('dialog-ok');
  const cancel = $('dialog-cancel');
  const labels = [ok.textContent, cancel.textContent, ok.hidden];
  $('dialog-title').textContent = `Imported ${name}`;
  const list = document.createElement('ul');
  list.id = 'import-report';
  for (const line of reportLines(report)) {
    const item = document.createElement('li');
    item.textContent = line;
    list.append(item);
  }
  $('dialog-body').replaceChildren(list);
  ok.textContent = 'Undo import';
  ok.hidden = !report.recordID;
  cancel.textContent = 'Done';
  dialog.returnValue = '';
  dialog.showModal();
  dialog.addEventListener('close', async () => {
    [ok.textContent, cancel.textContent, ok.hidden] = labels;
    if (dialog.returnValue !== 'ok' || !report.recordID) return;
    const answer = await attempt(() => api('POST', '/api/undo', { id: report.recordID }));
    if (!answer) return;
    toast(answer.failed && answer.failed.length ? `Import undone, but ${answer.failed.length} changed since and were left alone` : 'Import undone');
    await refreshAll();
  }, { once: true });
}

/** Wires the sidebar's Import row to a file picker. */
export function wireImport() {
  const picker = document.createElement('input');
  picker.type = 'file';
  picker.accept = '.enex,.bear2bk,.zip';
  picker.hidden = true;
  picker.id = 'import-file';
  picker.setAttribute('aria-label', 'Export file to import');
  document.body.append(picker);
  picker.addEventListener('change', async () => {
    const file = picker.files && picker.files[0];
    picker.value = '';
    if (file) await upload(file);
  });
  $('import-row').addEventListener('click', () => picker.click());
}
