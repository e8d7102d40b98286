import { Command, InvalidArgumentError, Option } from 'commander';
import { CLI_VERSION } from './api.ts';
import { addVersion, items, login, release, status, submit, type UploadOptions, upload } from './commands.ts';
import { DEFAULT_SERVER } from './config.ts';
import { type CommonOptions, type Context, type Io, type Outcome, runCommand } from './context.ts';
import { ITEM_TYPE_FLAGS, type ItemTypeFlag } from './items.ts';

const HELP_AFTER = `
Exit codes:
  0  done (submit --wait: the version was accepted)
  1  refused or failed, with the reason: the API's message, a build or value the portal would refuse, an unreachable
     server (submit --wait: the version was rejected, or its review was interrupted)
  2  submit --wait: the review did not end within --timeout

Environment:
  LUMORA_API_KEY      the API key to use (overrides the one lumora login saved): what CI sets
  LUMORA_SERVER       the Partner Portal's URL (default ${DEFAULT_SERVER})
  LUMORA_FILE_SERVER  the file host's URL, when it is not the portal's
  LUMORA_CONFIG_DIR   where lumora login saves config.json (default $XDG_CONFIG_HOME/lumora, else ~/.config/lumora)

With --json, every command prints one JSON document on stdout; a failure is { "errorCode", "message" }.
`;

function seconds(name: string, minimum: number) {
  return (value: string) => {
    const parsed = Number(value);
    if (value.trim() === '' || !Number.isFinite(parsed) || parsed < minimum) {
      throw new InvalidArgumentError(`${name} must be a number of seconds of at least ${minimum}.`);
    }
    return parsed;
  };
}

const typeOption = () =>
  new Option('--type <type>', 'the item is a game or a model (looked up when not given)').choices(
    Object.keys(ITEM_TYPE_FLAGS),
  );
const typeOf = (flag: string | undefined) => (flag ? ITEM_TYPE_FLAGS[flag as ItemTypeFlag] : undefined);

/** The options every command takes. */
function common(command: Command): Command {
  return command
    .option('--json', 'print one JSON document on stdout, for scripts')
    .option(
      '--server <url>',
      `the Partner Portal's URL (default: $LUMORA_SERVER, the saved one, or ${DEFAULT_SERVER})`,
    );
}

/** The `lumora` program, writing to `io`; each action leaves its exit code in `process.exitCode`. */
export function createProgram(io: Io): Command {
  const wantsJson = (argv: readonly string[]) => argv.includes('--json');
  const program = new Command('lumora')
    .description('Ship builds to the Lumora Partner Portal from a terminal or CI.')
    .version(CLI_VERSION, '-v, --version')
    .addHelpText('after', HELP_AFTER)
    .showHelpAfterError('(lumora --help lists the commands; lumora <command> --help their options)')
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: (text, write) => {
        if (wantsJson(process.argv)) {
          io.stdout.write(
            `${JSON.stringify({ errorCode: 'InvalidArguments', message: text.replace(/^error: /, '').trim() }, null, 2)}\n`,
          );
        } else write(text);
      },
    });

  const run = (options: CommonOptions, action: (context: Context) => Promise<Outcome>) =>
    runCommand(io, options, action).then((code) => {
      process.exitCode = code;
    });

  common(
    program
      .command('login')
      .description('Check an API key and save it (with the server) for the next commands')
      .requiredOption('--key <secret>', 'the secret shown once when the key was created ("-" reads it from stdin)'),
  ).action((options: CommonOptions & { key: string }) => run(options, (context) => login(context, options)));

  common(program.command('items').description('List your games and 3D models: id, type, status, name')).action(
    (options: CommonOptions) => run(options, (context) => items(context)),
  );

  const version = program.command('version').description('Manage versions');
  common(
    version
      .command('add')
      .description('Add a version: it becomes the testing version')
      .argument('<item>', 'the id of the game or 3D model')
      .argument('<number>', 'the version number, greater than every earlier one')
      .addOption(typeOption()),
  ).action((item: string, number: string, options: CommonOptions & { type?: string }) =>
    run(options, (context) => addVersion(context, item, number, { type: typeOf(options.type) })),
  );

  common(
    program
      .command('upload')
      .description(
        'Upload builds (.ab or .glb, up to 50 MB) to a version, print the report of each, and save them in the version',
      )
      .argument('<item>', 'the id of the game or 3D model')
      .argument('<version>', 'the version number')
      .option('--ios <file>', 'the iOS build')
      .option('--android <file>', 'the Android build')
      .option('--visionos <file>', 'the visionOS build')
      .option('--macos <file>', 'the macOS build')
      .option('--notes <text>', "the version's update log (kept as it is when not given)")
      .option('--interrupt-review', 'change a version under review: its review stops and it must be submitted again')
      .option(
        '--report-timeout <seconds>',
        'how long to wait for a report still being produced',
        seconds('--report-timeout', 0),
        120,
      )
      .addOption(typeOption()),
  ).action((item: string, number: string, options: CommonOptions & Omit<UploadOptions, 'type'> & { type?: string }) =>
    run(options, (context) => upload(context, item, number, { ...options, type: typeOf(options.type) })),
  );

  common(
    program
      .command('submit')
      .description('Submit a version for review; with --wait, wait for the review to end')
      .argument('<item>', 'the id of the game or 3D model')
      .argument('<version>', 'the version number')
      .option('--wait', 'wait until the review ends: exit 0 when accepted, 1 when rejected (with the reason)')
      .option(
        '--interval <seconds>',
        'with --wait: seconds between two looks at the review',
        seconds('--interval', 0.1),
        10,
      )
      .option(
        '--timeout <seconds>',
        'with --wait: give up (exit 2) after this many seconds',
        seconds('--timeout', 1),
        3600,
      )
      .option('--manual-release', 'once accepted, wait for you to release it instead of going live at once')
      .addOption(typeOption())
      .addHelpText(
        'after',
        '\nExit codes: 0 submitted (with --wait: accepted), 1 refused, or rejected with the reason, 2 --wait timed out.',
      ),
  ).action(
    (
      item: string,
      number: string,
      options: CommonOptions & {
        wait?: boolean;
        interval: number;
        timeout: number;
        manualRelease?: boolean;
        type?: string;
      },
    ) => run(options, (context) => submit(context, item, number, { ...options, type: typeOf(options.type) })),
  );

  common(
    program
      .command('release')
      .description('Put an accepted version that waits for its release (submitted with --manual-release) on sale')
      .argument('<item>', 'the id of the game or 3D model')
      .argument('<version>', 'the version number')
      .addOption(typeOption()),
  ).action((item: string, number: string, options: CommonOptions & { type?: string }) =>
    run(options, (context) => release(context, item, number, { type: typeOf(options.type) })),
  );

  common(
    program
      .command('status')
      .description('The testing, release and live versions of every item, or of one, with their review status')
      .argument('[item]', 'the id of one game or 3D model')
      .addOption(typeOption()),
  ).action((item: string | undefined, options: CommonOptions & { type?: string }) =>
    run(options, (context) => status(context, item, { type: typeOf(options.type) })),
  );

  return program;
}
