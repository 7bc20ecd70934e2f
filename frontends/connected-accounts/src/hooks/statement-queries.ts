import {
  BANK_SYNC_ENDPOINTS,
  STATEMENT_FILE_NAME_HEADER,
  type StatementImportRequest,
  type StatementPreviewRequest,
} from '@paycadence/contracts';
import { useApi } from '@paycadence/web-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { uploadFileName } from '../model/statement.js';
import { bankKeys } from './bank-queries.js';
import { billKeys } from './bill-queries.js';

/** Reading a 5 MB statement on the server takes longer than an ordinary call. */
const FILE_TIMEOUT_MS = 60_000;

/** The recent statement imports, for undo. Only asked for when a file-fed account exists to have them. */
export function useStatementImports(enabled: boolean) {
  const api = useApi();
  return useQuery({
    retry: false,
    refetchOnWindowFocus: false,
    queryKey: bankKeys.statementImports,
    queryFn: ({ signal }) => api.call(BANK_SYNC_ENDPOINTS.statementImports, {}, { signal }),
    enabled,
  });
}

/**
 * After an import or its undo: everything this screen shows (accounts, transactions, analytics, suggestions, the
 * imports), and the finance data the dashboard shows, since a statement's payments mark bills paid as a bank's do.
 */
export function useReloadAfterStatement() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: bankKeys.all }), queryClient.invalidateQueries({ queryKey: billKeys.all })]).then(() => undefined);
}

/** The calls of the import dialog: the file's bytes, a fresh preview, the import, and its undo. */
export function useStatementApi() {
  const api = useApi();
  return {
    upload: (file: File) =>
      api.call(
        BANK_SYNC_ENDPOINTS.uploadStatement,
        {},
        {
          // The bytes as they are: the server tells OFX from CSV by their content, not by a type the browser guessed.
          raw: { body: file.slice(0, file.size, 'application/octet-stream'), headers: { [STATEMENT_FILE_NAME_HEADER]: uploadFileName(file.name) } },
          timeoutMs: FILE_TIMEOUT_MS,
        },
      ),
    preview: (uploadId: string, body: StatementPreviewRequest) =>
      api.call(BANK_SYNC_ENDPOINTS.previewStatement, { params: { uploadId }, body }, { timeoutMs: FILE_TIMEOUT_MS }),
    import: (uploadId: string, body: StatementImportRequest) =>
      api.call(BANK_SYNC_ENDPOINTS.importStatement, { params: { uploadId }, body }, { timeoutMs: FILE_TIMEOUT_MS }),
    undo: (importId: string) => api.call(BANK_SYNC_ENDPOINTS.undoStatementImport, { params: { importId } }),
  };
}
