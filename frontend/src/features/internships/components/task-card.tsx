import { ExternalLink, FileDown, Lock, LockOpen, Send } from 'lucide-react'

import { buttonClasses } from '@/components/ui/button-styles'
import type { BoardTask } from '@/features/internships/api/get-task-board'
import { cn } from '@/lib/cn'
import { formatDayMonthIst } from '@/lib/format'

function ExternalButton({ href, label, context, variant, icon }: { href: string; label: string; context: string; variant: 'primary' | 'secondary'; icon: 'get' | 'submit' }) {
  const Icon = icon === 'get' ? FileDown : Send
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      aria-label={`${label}: ${context} (opens in a new tab)`}
      className={buttonClasses(variant, 'md', 'w-full sm:w-auto')}
    >
      <Icon className="size-4" aria-hidden="true" width={16} height={16} />
      {label}
      <ExternalLink className="size-3.5 opacity-70" aria-hidden="true" width={14} height={14} />
    </a>
  )
}

/**
 * One task. Unlocked: Get Task and Submit Task (external links, new tab). Locked: a lock
 * and the India-time date it opens on; the server does not send its links at all.
 */
export function TaskCard({ task }: { task: BoardTask }) {
  const context = `Task ${task.number}, ${task.title}`
  const headingId = `task-${task.number}-heading`
  return (
    <li
      data-testid={`task-${task.number}`}
      data-state={task.unlocked ? 'unlocked' : 'locked'}
      className={cn(
        'flex flex-col gap-4 rounded-card border p-5 sm:p-6',
        task.unlocked ? 'border-line bg-white shadow-card' : 'border-dashed border-slate-300 bg-surface-muted',
      )}
    >
      <div className="flex items-center justify-between gap-3">
        <span className="text-sm font-semibold tracking-wide text-accent-700 uppercase">Task {task.number}</span>
        {task.unlocked ? (
          <span className="inline-flex items-center gap-1.5 rounded-full bg-success-bg px-2.5 py-1 text-xs font-semibold text-success">
            <LockOpen className="size-3.5" aria-hidden="true" width={14} height={14} />
            Open
          </span>
        ) : (
          <span className="inline-flex items-center gap-1.5 rounded-full bg-slate-200 px-2.5 py-1 text-xs font-semibold text-slate-700">
            <Lock className="size-3.5" aria-hidden="true" width={14} height={14} />
            Locked
          </span>
        )}
      </div>
      <h2 id={headingId} className={cn('text-xl font-bold', task.unlocked ? 'text-ink' : 'text-slate-700')}>
        {task.title}
      </h2>
      {task.description && <p className="flex-1 text-ink-muted">{task.description}</p>}
      <div className="mt-auto border-t border-line pt-4">
        {task.unlocked ? (
          task.task_url || task.submission_url ? (
            <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
              {task.task_url && <ExternalButton href={task.task_url} label="Get Task" context={context} variant="primary" icon="get" />}
              {task.submission_url && (
                <ExternalButton href={task.submission_url} label="Submit Task" context={context} variant="secondary" icon="submit" />
              )}
            </div>
          ) : (
            <p className="text-sm text-ink-muted">The links for this task are on their way. Check back soon.</p>
          )
        ) : (
          <p className="flex items-center gap-2 font-semibold text-ink">
            <span className="flex size-9 items-center justify-center rounded-full bg-white text-slate-600 ring-1 ring-slate-300">
              <Lock className="size-4" aria-hidden="true" width={16} height={16} />
            </span>
            {task.unlocks_on ? `Unlocks on ${formatDayMonthIst(task.unlocks_on)}` : 'Locked'}
          </p>
        )}
      </div>
    </li>
  )
}
