import { Award, Check, Copy, Download, ExternalLink, FileBadge, FileText } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'

import { Button } from '@/components/ui/button'
import { buttonClasses } from '@/components/ui/button-styles'
import { SocialIcon } from '@/components/ui/social-icon'
import type { Certificate } from '@/features/certificates/types'
import { credentialFileName } from '@/features/certificates/display'
import { linkedInAddToProfileUrl } from '@/features/certificates/linkedin'
import { copyText } from '@/lib/clipboard'
import { useHydrated } from '@/lib/use-hydrated'

export const COPY_SUCCESS = 'Successfully copied to clipboard!'
export const COPY_FAILURE = 'Could not copy the link. Select the link above and copy it yourself.'

type DownloadLink = { href: string; format: 'PNG' | 'PDF' }
type DownloadGroup = { title: string; detail: string; kind: 'certificate' | 'letter'; links: DownloadLink[] }

function downloadGroups(downloads: Certificate['downloads']): DownloadGroup[] {
  const pick = (href: string | null, format: DownloadLink['format']) => (href ? [{ href, format }] : [])
  const groups: DownloadGroup[] = [
    {
      title: 'Certificate',
      detail: 'Your certificate of completion, with its QR code.',
      kind: 'certificate',
      links: [...pick(downloads.certificate_png, 'PNG'), ...pick(downloads.certificate_pdf, 'PDF')],
    },
    {
      title: 'Letter of recommendation',
      detail: 'For 30-day internships.',
      kind: 'letter',
      links: [...pick(downloads.letter_png, 'PNG'), ...pick(downloads.letter_pdf, 'PDF')],
    },
  ]
  return groups.filter((group) => group.links.length > 0)
}

/**
 * Certificate and letter as PNG and PDF (for a verified record), and the signed
 * verifiable credential when the server offers one: plain links (the server answers with
 * the file).
 */
export function CertificateDownloads({ certificate }: { certificate: Certificate }) {
  const groups = certificate.verified ? downloadGroups(certificate.downloads) : []
  const credential = certificate.downloads.credential
  if (groups.length === 0 && !credential) return null
  return (
    <section aria-labelledby="downloads-heading" className="flex flex-col gap-3">
      <h3 id="downloads-heading" className="text-base font-bold text-ink">
        Download
      </h3>
      <ul className="divide-y divide-line rounded-control border border-line">
        {groups.map((group) => {
          const Icon = group.kind === 'certificate' ? Award : FileText
          return (
            <li key={group.kind} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex items-center gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon className="size-5" aria-hidden="true" width={20} height={20} />
                </span>
                <div className="flex flex-col">
                  <p className="font-semibold text-ink">{group.title}</p>
                  <p className="text-sm text-ink-muted">{group.detail}</p>
                </div>
              </div>
              <div className="grid shrink-0 grid-cols-2 gap-2">
                {group.links.map((link) => (
                  <a
                    key={link.href}
                    href={link.href}
                    download
                    aria-label={`${group.title} ${link.format}`}
                    className={buttonClasses('secondary', 'md')}
                  >
                    <Download className="size-4" aria-hidden="true" width={16} height={16} />
                    {link.format}
                  </a>
                ))}
              </div>
            </li>
          )
        })}
        {credential && (
          <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex items-center gap-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <FileBadge className="size-5" aria-hidden="true" width={20} height={20} />
              </span>
              <div className="flex flex-col">
                <p className="font-semibold text-ink">Verifiable credential</p>
                <p className="text-sm text-ink-muted">A signed Open Badges 3.0 file that anyone can check on their own.</p>
              </div>
            </div>
            <a href={credential} download={credentialFileName(certificate.certificate_id)} className={buttonClasses('secondary', 'md', 'shrink-0')}>
              <Download className="size-4" aria-hidden="true" width={16} height={16} />
              Download verifiable credential
            </a>
          </li>
        )}
      </ul>
    </section>
  )
}

/** Copy the shareable verify link, and LinkedIn's "Add to profile". */
export function CertificateShare({ certificate, organizationName }: { certificate: Certificate; organizationName: string }) {
  const hydrated = useHydrated()
  const id = useId()
  const linkId = `${id}-link`
  const [result, setResult] = useState<{ ok: boolean; message: string }>()
  const [justCopied, setJustCopied] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  const resetTimer = useRef<number | undefined>(undefined)

  useEffect(() => () => window.clearTimeout(resetTimer.current), [])

  async function onCopy() {
    window.clearTimeout(resetTimer.current)
    if (await copyText(certificate.verify_url)) {
      setResult({ ok: true, message: COPY_SUCCESS })
      setJustCopied(true)
      // The tick on the button goes back after a while; the message stays.
      resetTimer.current = window.setTimeout(() => setJustCopied(false), 4000)
    } else {
      setResult({ ok: false, message: COPY_FAILURE })
      setJustCopied(false)
      inputRef.current?.select()
    }
  }

  return (
    <section aria-labelledby="share-heading" className="flex flex-col gap-3">
      <h3 id="share-heading" className="text-base font-bold text-ink">
        Share
      </h3>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={linkId} className="text-sm text-ink-muted">
          Link to this verification
        </label>
        <input
          ref={inputRef}
          id={linkId}
          type="text"
          readOnly
          value={certificate.verify_url}
          onFocus={(event) => event.target.select()}
          className="block w-full rounded-control border border-line bg-surface-muted px-3.5 py-2.5 font-mono text-sm text-ink"
        />
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {hydrated && (
          <Button variant="secondary" onClick={onCopy} className="w-full sm:w-auto">
            {justCopied ? (
              <Check className="size-5" aria-hidden="true" width={20} height={20} />
            ) : (
              <Copy className="size-5" aria-hidden="true" width={20} height={20} />
            )}
            Copy link
          </Button>
        )}
        <a
          href={linkedInAddToProfileUrl(certificate, organizationName)}
          target="_blank"
          rel="noopener"
          aria-label="Add to profile on LinkedIn (opens in a new tab)"
          className={buttonClasses('secondary', 'md', 'w-full sm:w-auto')}
        >
          <span className="text-[#0a66c2]">
            <SocialIcon name="linkedin" size={18} />
          </span>
          Add to profile
          <ExternalLink className="size-4" aria-hidden="true" width={16} height={16} />
        </a>
      </div>
      <p role="status" className={result?.ok === false ? 'text-sm font-medium text-danger' : 'text-sm font-medium text-success'}>
        {result?.message}
      </p>
    </section>
  )
}
