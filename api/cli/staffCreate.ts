import { ConfigError, loadConfig } from '../config';
import { DataDirBusyError } from '../db/dataDirLock';
import { prepareDatabase } from '../db/prepare';
import { isWellFormedEmail } from '../domain/enquiry';
import { createLogger } from '../logger';
import { inviteStaff, StaffEmailError } from '../services/admin/staff';
import { StartupError } from '../startupError';

/**
 * `npm run staff:create -- <email>`: creates or promotes a staff user and prints a one-time link
 * that sets their password. It is for the first staff account (and for an operator locking an
 * account out or recovering one); further staff are invited from the back office (/admin/staff),
 * which e-mails the link. A promoted account's sessions end and its old password stops working
 * (see `inviteStaff`): only the link sets one. Uses the same configuration as the server
 * (DATABASE_URL or DATA_DIR, PUBLIC_URL). On PostgreSQL it works while the shop runs (DATA_DIR is
 * not touched); on the embedded database the shop must be stopped first (one process per
 * DATA_DIR).
 */
const usage = [
  'Usage: npm run staff:create -- <email>',
  '',
  'Creates the first staff account for the back office (or promotes an existing account,',
  'ending its sessions and clearing its password) and prints a one-time link, valid for',
  '60 minutes, where its owner chooses a password.',
  '',
  'Further staff are invited from the back office: sign in as staff and open',
  '/admin/staff; the invitation is e-mailed with its own single-use link.',
  '',
  'With DATABASE_URL (PostgreSQL) this works while the shop runs. On the embedded',
  'database (DATA_DIR) stop the shop first: one process at a time may open it.',
  '',
].join('\n');

/** Said when the embedded database is held by the running shop. */
const busyHint =
  'The shop is running on this DATA_DIR. Invite further staff from the back office (/admin/staff), ' +
  'or stop the shop and run this again (it is meant for the first staff account).';

async function main(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(usage);
    return 0;
  }
  const emails = args.filter((a) => a !== '--');
  const email = emails[0] ?? '';
  if (emails.length !== 1 || email.startsWith('-')) {
    process.stderr.write(usage);
    return 2;
  }
  if (!isWellFormedEmail(email.trim().toLowerCase())) {
    process.stderr.write(`Not an e-mail address: ${JSON.stringify(email.slice(0, 300))}\n`);
    return 2;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  const logger = createLogger('warn');
  let database;
  try {
    database = await prepareDatabase(config, logger);
  } catch (error) {
    if (error instanceof DataDirBusyError) {
      process.stderr.write(`${error.message}\n${busyHint}\n`);
      return 1;
    }
    if (error instanceof StartupError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  try {
    const invite = await inviteStaff(database.db, email, config.linkOrigin);
    const address = email.trim().toLowerCase();
    const done = invite.created
      ? `Created staff user ${address}; no password works until this link sets one.`
      : `Promoted staff user ${address}; their sessions were ended (${invite.sessionsEnded}) and ` +
        'their password cleared: only this link sets one.';
    process.stdout.write(
      [
        done,
        'Send it to them yourself (it works once, until',
        `${invite.expiresAt.toISOString()}):`,
        '',
        invite.link,
        '',
        `Once signed in, they invite further staff from the back office: ${config.linkOrigin}/admin/staff`,
        '',
      ].join('\n'),
    );
    return 0;
  } catch (error) {
    if (error instanceof StaffEmailError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
