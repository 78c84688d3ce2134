// Types of observability.mjs (plain JavaScript, loaded by server.mjs without a build step).
import type { Express } from 'express'
import type { Server } from 'node:http'
import type { Registry } from 'prom-client'

export function currentRequestId(): string
export function scrubText(text: string): string
export function scrub<T>(value: T): T
export const registry: Registry
export function parseAddress(value: string): [string, number]
export function startMetricsServer(address?: string): Server | undefined
export function observe(app: Express, options?: { djangoPrefixes?: string[]; trustProxyHops?: number }): void
export function observeErrors(app: Express): void
export function errorPage(requestId: string): string
