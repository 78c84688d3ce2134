import { DatabaseZap, FileCheck2, FileSpreadsheet, RotateCcw } from 'lucide-react'
import { Form, href } from 'react-router'
import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { buttonClasses } from '@/components/ui/button-styles'
import { LinkButton } from '@/components/ui/link-button'
import { CertificateImportError, useImportCertificates, type ImportFailureReason, type ImportProgress } from '@/features/certificates/api/import-certificates'
import type { ImportReport } from '@/features/certificates/types'
import { ImportCounts, ImportErrors, ImportIds, ImportWarnings } from '@/features/certificates/components/import-report'
import { formatCount, plural } from '@/features/certificates/counts'
import { ApiError } from '@/lib/api-client'
import { cn } from '@/lib/cn'
import { useHydrated } from '@/lib/use-hydrated'

const failureTitles: Record<ImportFailureReason, string> = {
  not_csv: 'This is not a CSV file',
  encoding: 'The file is not UTF-8 text',
  empty: 'There is nothing to import',
  headers: 'The header line is not right',
  too_large: 'The file is too large',
  rows: 'Some rows have errors',
}

type Running = { dryRun: boolean; progress?: ImportProgress }

/** The page action's answer to the form posted without JavaScript (route /test). */
export type ImportAnswer =
  | { ok: true; dryRun: boolean; report: ImportReport }
  | { ok: false; dryRun: boolean; status: number; message: string; reason?: ImportFailureReason; report?: ImportReport; missingFile?: boolean }
type Failure = { dryRun: boolean; error: ApiError; reason?: ImportFailureReason; report?: ImportReport }

function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

function asFailure(dryRun: boolean, error: unknown): Failure {
  if (error instanceof CertificateImportError) return { dryRun, error, reason: error.reason, report: error.report }
  if (error instanceof ApiError) return { dryRun, error }
  return { dryRun, error: new ApiError(0, 'Something went wrong. Please try again.') }
}

function Step({ number, title, done, children }: { number: number; title: string; done?: boolean; children: ReactNode }) {
  return (
    <li className="flex flex-col gap-3">
      <h2 className="flex items-center gap-3 text-lg font-bold text-ink">
        <span
          aria-hidden="true"
          className={cn(
            'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold',
            done ? 'bg-success text-white' : 'bg-brand-50 text-brand-800 ring-1 ring-brand-200',
          )}
        >
          {number}
        </span>
        <span className="sr-only">Step {number}: </span>
        {title}
      </h2>
      <div className="flex min-w-0 flex-col gap-3 sm:pl-11">{children}</div>
    </li>
  )
}

function UploadProgress({ running }: { running: Running }) {
  const { progress } = running
  const uploading = progress !== undefined && progress.total > 0 && progress.loaded < progress.total
  const percent = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0
  const label = uploading
    ? `Uploading… ${percent}%`
    : running.dryRun
      ? 'Checking every row…'
      : 'Importing… Nothing is written until every row is in.'
  return (
    <div className="flex flex-col gap-2 rounded-control border border-brand-200 bg-brand-50 p-4">
      <p id="import-progress-label" className="text-sm font-semibold text-brand-900">
        {label}
      </p>
      {uploading ? (
        <progress aria-labelledby="import-progress-label" value={progress.loaded} max={progress.total} className="h-2 w-full overflow-hidden rounded-full accent-brand-700" />
      ) : (
        <div role="progressbar" aria-labelledby="import-progress-label" className="relative h-2 w-full overflow-hidden rounded-full bg-brand-100">
          <div className="absolute inset-y-0 w-1/3 animate-[progress_1.2s_ease-in-out_infinite] rounded-full bg-brand-600 motion-reduce:w-full motion-reduce:animate-none" />
        </div>
      )}
    </div>
  )
}

function FailureMessage({ failure }: { failure: Failure }) {
  const { error, reason } = failure
  let title = failure.dryRun ? 'The file could not be checked' : 'The import did not run'
  if (reason) title = failureTitles[reason]
  else if (error.status === 429) title = 'Too many uploads'
  else if (error.status === 401) title = 'Your session has ended'
  else if (error.status === 403) title = 'Not allowed'
  return (
    <Alert tone="error" title={title}>
      <p>{error.message}</p>
      {reason && !/nothing was imported/i.test(error.message) && <p className="mt-1 font-semibold">Nothing was imported.</p>}
      {error.status === 401 && (
        <p className="mt-2">
          <LinkButton to={`${href('/login')}?next=${encodeURIComponent(href('/test'))}`} reloadDocument variant="secondary">
            Log in again
          </LinkButton>
        </p>
      )}
    </Alert>
  )
}

function failureOf(answer: ImportAnswer | undefined): Failure | undefined {
  if (!answer || answer.ok || answer.missingFile) return undefined
  const error = new CertificateImportError(new ApiError(answer.status, answer.message), answer.reason, answer.report)
  return { dryRun: answer.dryRun, error, reason: answer.reason, report: answer.report }
}

/**
 * Staff import, in two passes over the same file: a dry run that reports what would
 * change and every bad row, then the import itself, enabled only after a clean dry run.
 * Choosing another file starts over (and cancels an upload in progress). Without
 * JavaScript the same form is posted to the page's action (`answer`), which sends the
 * file to the API; the browser then forgets the file, so the import asks for it again
 * (and checks every row again: all rows or none).
 */
export function ImportPanel({ answer }: { answer?: ImportAnswer }) {
  const id = useId()
  const inputId = `${id}-file`
  const hydrated = useHydrated()
  const [file, setFile] = useState<File>()
  const [running, setRunning] = useState<Running>()
  const [checked, setChecked] = useState<ImportReport | undefined>(() => (answer?.ok && answer.dryRun ? answer.report : undefined))
  const [imported, setImported] = useState<ImportReport | undefined>(() => (answer?.ok && !answer.dryRun ? answer.report : undefined))
  const [failure, setFailure] = useState<Failure | undefined>(() => failureOf(answer))
  const [needFile, setNeedFile] = useState(() => answer?.ok === false && answer.missingFile === true)
  const abort = useRef<AbortController | undefined>(undefined)
  const inputRef = useRef<HTMLInputElement>(null)
  const mutation = useImportCertificates()

  useEffect(() => () => abort.current?.abort(), [])

  function reset() {
    abort.current?.abort()
    abort.current = undefined
    setRunning(undefined)
    setChecked(undefined)
    setImported(undefined)
    setFailure(undefined)
  }

  function onFileChange(event: ChangeEvent<HTMLInputElement>) {
    reset()
    setNeedFile(false)
    setFile(event.target.files?.[0] ?? undefined)
  }

  function run(dryRun: boolean) {
    if (!file) {
      setNeedFile(true)
      return
    }
    abort.current?.abort()
    const controller = new AbortController()
    abort.current = controller
    setFailure(undefined)
    if (dryRun) setChecked(undefined)
    setRunning({ dryRun })
    mutation.mutate(
      { file, dryRun, signal: controller.signal, onProgress: (progress) => setRunning({ dryRun, progress }) },
      {
        onSuccess: (report) => {
          if (controller.signal.aborted) return
          setRunning(undefined)
          if (dryRun) setChecked(report)
          else setImported(report)
        },
        onError: (error) => {
          if (controller.signal.aborted || (error instanceof DOMException && error.name === 'AbortError')) return
          const next = asFailure(dryRun, error)
          setRunning(undefined)
          setFailure(next)
          // A refused file must be checked again before importing; a busy or lost
          // connection can simply be retried.
          if (next.reason) setChecked(undefined)
        },
        onSettled: () => {
          if (abort.current === controller) abort.current = undefined
        },
      },
    )
  }

  function startOver() {
    reset()
    setFile(undefined)
    if (inputRef.current) {
      inputRef.current.value = ''
      inputRef.current.focus()
    }
  }

  const busy = running !== undefined
  const canImport = !!checked && !busy && !imported && checked.error_count === 0
  const importLabel = checked ? `Import ${plural(checked.rows, 'record', 'records')}` : 'Import records'
  const dryRunFailure = failure?.dryRun ? failure : undefined
  const importFailure = failure && !failure.dryRun ? failure : undefined
  // The dry run's figures: a clean check, or the partial report of a refused file.
  const dryRunReport = checked ?? dryRunFailure?.report

  return (
    <Form method="post" encType="multipart/form-data" noValidate aria-label="Import certificates">
    <ol className="flex flex-col gap-10">
      <Step number={1} title="Choose the CSV file" done={!!file}>
        <div
          className={cn(
            'flex flex-col gap-3 rounded-card border-2 border-dashed p-5 transition-colors sm:p-6',
            needFile ? 'border-danger bg-danger-bg' : 'border-brand-200 bg-brand-50/50 focus-within:border-brand-500',
          )}
        >
          <div className="flex items-center gap-3">
            <FileSpreadsheet className="size-8 shrink-0 text-brand-700" aria-hidden="true" width={32} height={32} />
            <div className="flex flex-col">
              <label htmlFor={inputId} className="font-semibold text-ink">
                CSV file
              </label>
              <p id={`${inputId}-hint`} className="text-sm text-ink-muted">
                UTF-8 CSV with CertificateID, Course, Duration and Name columns.
              </p>
            </div>
          </div>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            name="file"
            accept=".csv,text/csv"
            onChange={onFileChange}
            aria-invalid={needFile || undefined}
            aria-describedby={needFile ? `${inputId}-hint ${inputId}-error` : `${inputId}-hint`}
            className={cn(
              'block w-full min-w-0 text-sm text-ink-muted',
              'file:mr-4 file:min-h-11 file:cursor-pointer file:rounded-control file:border file:border-solid file:border-brand-700 file:bg-white file:px-4 file:text-sm file:font-semibold file:text-brand-800 hover:file:bg-brand-50',
            )}
          />
          {file && (
            <p className="text-sm text-ink">
              Chosen: <span className="font-semibold break-all">{file.name}</span> ({fileSize(file.size)})
            </p>
          )}
          <div aria-live="assertive">
            {needFile && (
              <p id={`${inputId}-error`} className="text-sm font-medium text-danger">
                Choose a CSV file first.
              </p>
            )}
          </div>
        </div>
      </Step>

      <Step number={2} title="Check the file" done={!!checked || !!imported}>
        <p className="text-sm text-ink-muted">
          A dry run reads every row and reports what would be created, updated or left unchanged, and every row that
          needs correcting. Nothing is written.
        </p>
        <div>
          <Button
            {...(hydrated ? { onClick: () => run(true) } : { type: 'submit' as const, name: 'intent', value: 'check' })}
            pending={running?.dryRun === true}
            disabled={busy}
            size="lg"
            className="w-full sm:w-auto"
          >
            {running?.dryRun !== true && <FileCheck2 className="size-5" aria-hidden="true" width={20} height={20} />}
            Check file
          </Button>
        </div>
        <div role="status" aria-live="polite">
          {running?.dryRun === true && (
            <div className="mt-2">
              <UploadProgress running={running} />
            </div>
          )}
          {!busy && checked && !imported && (
            <Alert tone="success" title="The file is ready to import" className="mt-2">
              {plural(checked.rows, 'row', 'rows')} checked, no errors. Nothing has been written yet.
            </Alert>
          )}
          {!busy && dryRunFailure && (
            <div className="mt-2">
              <FailureMessage failure={dryRunFailure} />
            </div>
          )}
        </div>
        {!busy && dryRunReport && dryRunReport.rows > 0 && !imported && (
          <div className="flex flex-col gap-5">
            <ImportCounts report={dryRunReport} future />
            <ImportErrors report={dryRunReport} />
            <ImportIds report={dryRunReport} future />
            <ImportWarnings warnings={dryRunReport.warnings} />
          </div>
        )}
        {!busy && !checked && dryRunFailure?.report && dryRunFailure.report.rows === 0 && (
          <ImportWarnings warnings={dryRunFailure.report.warnings} />
        )}
      </Step>

      <Step number={3} title="Import" done={!!imported}>
        <p className="text-sm text-ink-muted" id={`${id}-import-hint`}>
          {imported
            ? 'Done. Choose another file to import more.'
            : !hydrated
              ? 'Choose the file again above, then Import: the import checks every row again and applies the whole file in one go, all rows or none.'
              : checked
                ? 'The check found no errors. Import applies the whole file in one go: all rows or none.'
                : 'Available after a check that finds no errors.'}
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button
            {...(hydrated ? { onClick: () => run(false) } : { type: 'submit' as const, name: 'intent', value: 'import' })}
            pending={running?.dryRun === false}
            disabled={hydrated && !canImport}
            size="lg"
            aria-describedby={`${id}-import-hint`}
            className="w-full sm:w-auto"
          >
            {running?.dryRun !== false && <DatabaseZap className="size-5" aria-hidden="true" width={20} height={20} />}
            {importLabel}
          </Button>
          {(imported || failure) &&
            (hydrated ? (
              <Button variant="ghost" size="lg" onClick={startOver} className="w-full sm:w-auto">
                <RotateCcw className="size-5" aria-hidden="true" width={20} height={20} />
                Start over
              </Button>
            ) : (
              <a href={href('/test')} className={buttonClasses('ghost', 'lg', 'w-full sm:w-auto')}>
                <RotateCcw className="size-5" aria-hidden="true" width={20} height={20} />
                Start over
              </a>
            ))}
        </div>
        <div role="status" aria-live="polite">
          {running?.dryRun === false && (
            <div className="mt-2">
              <UploadProgress running={running} />
            </div>
          )}
          {!busy && imported && (
            <Alert tone="success" title="Import complete" className="mt-2">
              {plural(imported.rows, 'record', 'records')} imported: {formatCount(imported.created)} new,{' '}
              {formatCount(imported.updated)} updated, {formatCount(imported.unchanged)} unchanged.
            </Alert>
          )}
          {!busy && importFailure && (
            <div className="mt-2">
              <FailureMessage failure={importFailure} />
            </div>
          )}
        </div>
        {!busy && imported && (
          <div className="flex flex-col gap-5">
            <ImportCounts report={imported} future={false} />
            <ImportIds report={imported} future={false} />
            <ImportWarnings warnings={imported.warnings} />
          </div>
        )}
        {!busy && importFailure?.report && <ImportErrors report={importFailure.report} />}
      </Step>
    </ol>
    </Form>
  )
}
