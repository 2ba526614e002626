import { expect } from 'vitest';
import { Client, type Reply } from './client.js';

/** One Set-Cookie line, split: its value and its attributes (names lower-cased). */
export interface SetCookie {
  name: string;
  value: string;
  attributes: Map<string, string | true>;
}

/** The Set-Cookie line the reply sent for this cookie name; fails the test if there is none. */
export function setCookie(reply: Reply, name: string): SetCookie {
  for (const line of reply.headers.getSetCookie()) {
    const [pair, ...rest] = line.split(';');
    const eq = pair.indexOf('=');
    if (pair.slice(0, eq).trim() !== name) continue;
    const attributes = new Map<string, string | true>();
    for (const part of rest) {
      const [key, ...value] = part.split('=');
      attributes.set(key.trim().toLowerCase(), value.length ? value.join('=').trim() : true);
    }
    return { name, value: pair.slice(eq + 1).trim(), attributes };
  }
  throw new Error(`no Set-Cookie for ${name} in ${JSON.stringify(reply.headers.getSetCookie())}`);
}

/** A fresh browser that holds only this cookie (a stolen, replayed or planted one). */
export function browserWithCookie(baseUrl: string, name: string, value: string): Client {
  const client = new Client(baseUrl);
  client.cookies.set(name, value);
  return client;
}

/** POST /api/login from the client. */
export function login(client: Client, username: string, password: string): Promise<Reply> {
  return client.post('/api/login', { username, password });
}

/** Logs in and checks it worked; returns the session token the server set. */
export async function loginOk(client: Client, username: string, password: string, cookie = 'sid') {
  const reply = await login(client, username, password);
  expect(reply.status, reply.text).toBe(200);
  return setCookie(reply, cookie).value;
}

/** The password `register` in flows.ts signs every user up with. */
export const password = 'correct horse battery';

/** The user the session belongs to, or the 401. */
export const whoAmI = (client: Client) => client.get('/api/user');

/** The keys of the user as the API shows it: no password hash, no payment ids. */
export const publicUserKeys = [
  'conversionsLimit',
  'conversionsUsed',
  'createdAt',
  'email',
  'id',
  'planType',
  'username',
];

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

let nameCount = 0;
/** A username no other test in this process uses. */
export const uniqueName = (prefix = 'u') => `${prefix}${process.pid}n${++nameCount}`;
