import { formatBytes } from './report.ts';

export interface Progress {
  update(sent: number): void;
  /** Ends the bar's line; a failed upload leaves it where it stopped. */
  end(): void;
}

const BAR_WIDTH = 24;
const REDRAW_MS = 100;

interface Output {
  write(text: string): unknown;
  isTTY?: boolean;
}

/**
 * Upload progress on stderr: a bar redrawn in place on a terminal, a line at each quarter in a CI log, nothing when
 * `quiet` (a `--json` run whose stderr is not a terminal).
 */
export function createProgress(stream: Output, label: string, total: number, quiet: boolean): Progress {
  if (quiet && !stream.isTTY) return { update() {}, end() {} };
  const size = formatBytes(total);
  if (!stream.isTTY) {
    let nextQuarter = 1;
    stream.write(`${label}: uploading ${size}\n`);
    return {
      update(sent) {
        while (total > 0 && nextQuarter <= 4 && sent >= (total * nextQuarter) / 4) {
          stream.write(`${label}: ${nextQuarter * 25}% of ${size}\n`);
          nextQuarter += 1;
        }
      },
      end() {},
    };
  }
  let lastDraw = 0;
  let drawn = false;
  const draw = (sent: number) => {
    const ratio = total > 0 ? Math.min(1, sent / total) : 1;
    const filled = Math.round(ratio * BAR_WIDTH);
    const percent = String(Math.floor(ratio * 100)).padStart(3);
    stream.write(
      `\r\x1b[2K${label} [${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}] ${percent}% ${formatBytes(sent)} / ${size}`,
    );
    drawn = true;
  };
  return {
    update(sent) {
      const now = Date.now();
      if (now - lastDraw < REDRAW_MS && sent < total) return;
      lastDraw = now;
      draw(sent);
    },
    end() {
      if (drawn) stream.write('\n');
    },
  };
}
