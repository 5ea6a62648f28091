import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Helpers of the viewer benchmark: calls to the bench server and the figures' report. */

type Envelope<T> = { code: string; msg: string; data: T };

export const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? 0;
export const fmt = (n: number) => n.toFixed(1);

/** A web-API call to the bench server: the envelope's data, or an error with its message. */
export type Call = <T>(token: string, route: string, body?: unknown) => Promise<T>;
/** Timed GETs: round trips in ms, the server's own time of each, the last body's size in bytes. */
export type TimeGet = (
  token: string,
  route: string,
  runs: number,
) => Promise<{ times: number[]; server: number[]; bytes: number }>;

/** The call helpers for a server at `base` (loopback). */
export function benchApi(base: string): { call: Call; timeGet: TimeGet } {
  const call: Call = async <T>(token: string, route: string, body?: unknown) => {
    const response = await fetch(`${base}${route}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as Envelope<T>;
    if (json.code !== '0') throw new Error(`${route}: ${json.msg}`);
    return json.data;
  };

  // The server time is its `Server-Timing` header: from the request's arrival to the serialized body.
  const timeGet: TimeGet = async (token, route, runs) => {
    const times: number[] = [];
    const server: number[] = [];
    let bytes = 0;
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const response = await fetch(`${base}${route}`, { headers: { authorization: `Bearer ${token}` } });
      const text = await response.text();
      times.push(performance.now() - start);
      const dur = /app;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1];
      if (dur === undefined) throw new Error(`${route}: no Server-Timing header`);
      server.push(Number(dur));
      bytes = Buffer.byteLength(text);
      if (!text.startsWith('{"code":"0"')) throw new Error(`${route}: ${text.slice(0, 200)}`);
    }
    return { times, server, bytes };
  };
  return { call, timeGet };
}

/** Prints one figure beside its target and the previous run's value. */
export type Report = (
  key: string,
  label: string,
  value: number,
  unit: string,
  target: string,
  extra?: string,
) => void;

/** The report of a run: each figure beside the one stored by the previous run; `save` stores this run's. */
export function figureReport(resultsFile: string): { report: Report; save: () => void } {
  const previous = existsSync(resultsFile)
    ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as Record<string, number>)
    : {};
  const figures: Record<string, number> = {};
  const report: Report = (key, label, value, unit, target, extra = '') => {
    figures[key] = Number(value.toFixed(2));
    const before = previous[key];
    const was =
      before === undefined
        ? 'no previous run'
        : `previous ${fmt(before)} ${unit} (${value <= before ? '' : '+'}${fmt(((value - before) / before) * 100)} %)`;
    console.log(
      `  ${label.padEnd(38)} ${fmt(value).padStart(8)} ${unit.padEnd(8)} target ${target.padEnd(10)} ${was}${extra ? `   ${extra}` : ''}`,
    );
  };
  const save = () => {
    mkdirSync(path.dirname(resultsFile), { recursive: true });
    writeFileSync(resultsFile, `${JSON.stringify(figures, null, 2)}\n`);
  };
  return { report, save };
}
