// A booking of the demo's annual boiler service, taken by one of its engineers around Leeds:
// what the journeys on a provider's job (messages, completion) start from.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api } from './journeys.mjs';

export const CUSTOMER = { email: 'demo@brightway.example', password: 'demo-password-1' };
// The demo's boiler engineers around Leeds (server/demo/demo.json): the booking goes to one of them.
export const ENGINEERS = [
  { email: 'priya.shah@example.co.uk', password: 'provider-password-1' },
  { email: 'dai.evans@example.org.uk', password: 'provider-password-3' },
];

/** The demo customer's booking at the first free time near LS6 at `address`, accepted by the engineer it is offered to; and who. */
export async function takenBooking(baseUrl, address) {
  const found = await api(baseUrl, 'GET', '/api/service/?page_size=100&search=boiler');
  const service = found.body.results.find((row) => row.slug === 'annual-boiler-service');
  const slots = await api(baseUrl, 'GET', `/api/service/${service.id}/slots/?postcode=LS6+2AB&from=${new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)}`);
  const day = slots.body.days.find((row) => row.times.length > 0);
  const customer = (await api(baseUrl, 'POST', '/api/auth/login/', null, CUSTOMER)).body.access;
  const body = { service: service.id, date: day.date, time: day.times[0], address_line_1: address, city: 'Leeds', postcode: 'LS6 2AB' };
  const booked = await api(baseUrl, 'POST', '/api/service/booking/', customer, body);
  assert.equal(booked.status, 201, JSON.stringify(booked.body));
  for (const engineer of ENGINEERS) {
    const token = (await api(baseUrl, 'POST', '/api/auth/login/', null, engineer)).body.access;
    const jobs = await api(baseUrl, 'GET', '/api/schedule/jobs/', token);
    const job = jobs.body.results.find((row) => row.id === booked.body.id);
    if (job === undefined) continue;
    assert.equal((await api(baseUrl, 'POST', `/api/schedule/offers/${job.offer.id}/accept/`, token)).status, 204);
    return { booking: booked.body, engineer };
  }
  assert.fail('the booking is offered to one of the engineers');
}

/**
 * Moves booking `id` in the server's SQLite database (in `dataDir`) to two hours ago, as if
 * its day had come and gone: a journey cannot wait for a job to start. Python's sqlite3 is
 * used because the test command already needs Python.
 */
export function movedIntoThePast(dataDir, id) {
  const script = [
    'import sqlite3, sys',
    'from datetime import datetime, timedelta, timezone',
    'now = datetime.now(timezone.utc)',
    'db = sqlite3.connect(sys.argv[1], timeout=30)',
    "db.execute('UPDATE bookings SET starts_at = ?, ends_at = ? WHERE id = ?', ((now - timedelta(hours=2)).isoformat(), (now - timedelta(hours=1)).isoformat(), int(sys.argv[2])))",
    'db.commit()',
  ].join('\n');
  execFileSync('python3', ['-c', script, join(dataDir, 'marketplace.sqlite3'), String(id)]);
}

/** A one-pixel PNG whose text chunk says where it was taken, as phones write it, in a file of its own: its path. */
export function locatedPngFile() {
  const path = join(mkdtempSync(join(tmpdir(), 'photo-')), 'located.png');
  writeFileSync(path, locatedPng());
  return path;
}

function locatedPng() {
  const chunk = (kind, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(kind, 'latin1'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', header),
    chunk('tEXt', Buffer.from('Location\0GPSLatitude 53.8', 'latin1')),
    chunk('IDAT', Buffer.from('pixels')),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
