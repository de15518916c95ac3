import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFile } from '../../lib/apiClient';
import { ExportCsvButton } from './ExportCsvButton';

/** A CSV answer whose body the test feeds chunk by chunk, as a slow export would arrive. */
function streamedCsv() {
  let feed!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (controller) => void (feed = controller) });
  const response = new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="utes-2026-11-24.csv"' },
  });
  const encoder = new TextEncoder();
  return { response, send: (text: string) => feed.enqueue(encoder.encode(text)), end: () => feed.close() };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ExportCsvButton', () => {
  it('asks for the list under its query, shows the rows received of the total, then saves the file', async () => {
    const csv = streamedCsv();
    const fetchMock = vi.fn().mockResolvedValue(csv.response);
    vi.stubGlobal('fetch', fetchMock);
    const createObjectURL = vi.fn().mockReturnValue('blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const onDone = vi.fn();
    render(
      <ExportCsvButton
        path="/get-all-ute-list/export"
        query={{ status: 'Pending', search: undefined }}
        download={downloadFile}
        totalRows={4}
        onDone={onDone}
      />,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/admin/get-all-ute-list/export?status=Pending');
    act(() => csv.send('\uFEFFid,name\r\n1,a\r\n2,b\r\n'));
    expect(await screen.findByText('Exporting… 2 of 4 rows')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute('value', '2');

    act(() => {
      csv.send('3,c\r\n4,d\r\n');
      csv.end();
    });
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    const saved = createObjectURL.mock.calls[0][0] as Blob;
    // Byte for byte, the byte order mark included (text() would drop it).
    expect([...new Uint8Array(await saved.arrayBuffer())]).toEqual([...new TextEncoder().encode('\uFEFFid,name\r\n1,a\r\n2,b\r\n3,c\r\n4,d\r\n')]);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('cancels a running export and goes back to the button, saving nothing', async () => {
    const csv = streamedCsv();
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(csv.response));
    const createObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL }));
    const onDone = vi.fn();
    render(<ExportCsvButton path="/all-users-data/export" query={{}} download={downloadFile} onDone={onDone} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    act(() => csv.send('\uFEFFid\r\n1\r\n'));
    expect(await screen.findByText('Exporting… 1 rows')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel export' }));
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
    expect(createObjectURL).not.toHaveBeenCalled();
  });
});
