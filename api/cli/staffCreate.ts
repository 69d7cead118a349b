import { ConfigError, loadConfig } from '../config';
import { prepareDatabase } from '../db/prepare';
import { isWellFormedEmail } from '../domain/enquiry';
import { createLogger } from '../logger';
import { inviteStaff, StaffEmailError } from '../services/admin/staff';
import { StartupError } from '../startupError';

/**
 * `npm run staff:create -- <email>`: creates or promotes a staff user and prints a one-time link
 * that sets their password. A promoted account's sessions end and its old password stops working
 * (see `inviteStaff`): only the link sets one. Uses the same configuration as the server
 * (DATABASE_URL or DATA_DIR, PUBLIC_URL). On the embedded database the server must be stopped
 * first (one process per DATA_DIR); on PostgreSQL it works at any time.
 */
async function main(args: string[]): Promise<number> {
  const emails = args.filter((a) => a !== '--');
  const email = emails[0] ?? '';
  if (emails.length !== 1 || email.startsWith('-')) {
    process.stderr.write('Usage: npm run staff:create -- <email>\n');
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
