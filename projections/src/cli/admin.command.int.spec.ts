import { CommanderError } from 'commander';
import { createPostgresTestDatabase, TestDatabase } from '../testing';
import { commandRunner } from '../testing/command-runner';
import { adminCommand } from './admin.command';

describe('tcg admin grant / revoke on PostgreSQL', () => {
  let database: TestDatabase;
  const cli = commandRunner(() => adminCommand((work) => work(database.db)));
  const tcg = cli.run;

  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    await database.db.query(`INSERT INTO users (name, email) VALUES ('Rosa Huamán', 'rosa@example.pe')`);
  });
  afterAll(() => database.drop());

  async function roles(): Promise<string[]> {
    const { rows } = await database.db.query<{ role: string }>(
      `SELECT a.role FROM admins a JOIN users u ON u.id = a.user_id WHERE u.email = 'rosa@example.pe'`,
    );
    return rows.map((row) => row.role);
  }

  it('grants the admin role by e-mail, in any letter case, once', async () => {
    expect(await tcg('admin', 'grant', 'Rosa@Example.pe')).toBe('Rosa@Example.pe is now an admin\n');
    expect(await roles()).toEqual(['admin']);
    expect(await tcg('--json', 'admin', 'grant', 'rosa@example.pe')).toBe('{"email":"rosa@example.pe","result":"already-admin"}\n');
  });

  it('turns another role into admin', async () => {
    await database.db.query(`UPDATE admins SET role = 'editor'`);
    expect(await tcg('admin', 'grant', 'rosa@example.pe')).toBe('rosa@example.pe is now an admin\n');
    expect(await roles()).toEqual(['admin']);
  });

  it('revokes it', async () => {
    expect(await tcg('admin', 'revoke', 'rosa@example.pe')).toBe('rosa@example.pe is no longer an admin\n');
    expect(await roles()).toEqual([]);
    expect(await tcg('admin', 'revoke', 'rosa@example.pe')).toBe('rosa@example.pe was not an admin\n');
  });

  it('trims the e-mail it is given, and echoes it trimmed', async () => {
    expect(await tcg('admin', 'grant', '  rosa@example.pe  ')).toBe('rosa@example.pe is now an admin\n');
    expect(await tcg('--json', 'admin', 'revoke', '\trosa@example.pe ')).toBe('{"email":"rosa@example.pe","result":"revoked"}\n');
  });

  it.each(['grant', 'revoke'])('exits 2 for a blank e-mail to %s, as for a missing one', async (command) => {
    for (const blank of ['', '   ']) {
      const error = await tcg('admin', command, blank).catch((e: unknown) => e);
      expect(error).toMatchObject({ exitCode: 2 });
      expect(cli.stderr()).toBe("error: missing required argument 'email'\n");
    }
    // The same words as commander's own for no argument at all (which main.ts exits with 2).
    expect(await tcg('admin', command).catch((e: unknown) => e)).toMatchObject({ code: 'commander.missingArgument' });
    expect(cli.stderr()).toBe("error: missing required argument 'email'\n");
  });

  it('exits 1 naming the e-mail when nobody signed up with it', async () => {
    const error = await tcg('admin', 'grant', 'nadie@example.pe').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommanderError);
    expect(error).toMatchObject({ exitCode: 1 });
    expect(cli.stderr()).toMatch(/^error: no user with e-mail nadie@example\.pe: they must sign in to the shop once before being made an admin/);
  });

  it('exits 1 naming the e-mail when revoking from nobody, without the advice for granting', async () => {
    const error = await tcg('admin', 'revoke', 'nadie@example.pe').catch((e: unknown) => e);
    expect(error).toMatchObject({ exitCode: 1 });
    expect(cli.stderr()).toMatch(/^error: no user with e-mail nadie@example\.pe\n/);
  });
});
