import type { components } from '@/api/schema'

export type ApplicationCreateIn = components['schemas']['ApplicationCreateIn']
export type InternshipDomainDetail = components['schemas']['DomainForApplicationOut']
export type Application = components['schemas']['ApplicationOut']
export type Batch = InternshipDomainDetail['batches'][number]
/** The logged-in account's applications and internship certificates (the dashboard's `internship`). */
export type MyInternship = components['schemas']['InternshipsMineOut']
export type IssuedCertificate = MyInternship['certificates'][number]
export type TaskBoard = components['schemas']['TaskBoardOut']
export type BoardTask = components['schemas']['BoardTaskOut']
/** The logged-in intern's own side of the board (null for everyone else). */
export type Placement = NonNullable<TaskBoard['placement']>
export type PlacementTask = Placement['tasks'][number]
/** Why several tasks opened at once for an intern accepted mid-cycle. */
export type CatchUp = NonNullable<Placement['catch_up']>
export type TaskState = PlacementTask['state']
export type BoardCertificate = TaskBoard['certificate']
