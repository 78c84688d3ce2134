import { Alert } from '@/components/ui/alert'

/**
 * The catalogue has no such thing (an event, a policy, the about text removed or not yet
 * written): the page keeps its frame and says so, as it always has.
 */
export function MissingNotice({ what, className }: { what: string; className?: string }) {
  return (
    <div role="alert" className={className}>
      <Alert tone="info" title={`We could not find ${what}.`}>
        <p>It may have been removed or renamed. Please check back later.</p>
      </Alert>
    </div>
  )
}
