import {
  can,
  compareNeedsAction,
  dollarsToCents,
  emptyStatusCounts,
  type NeedsAction,
  needsActionOf,
  type PartnerOverview,
  type ProjectStatus,
  type StudioRole,
  slotsOf,
} from '@portal/contracts';
import type { CatalogService } from '../catalog/service.ts';
import type { IncomeService } from '../income/service.ts';
import type { VersionsService } from '../versions/service.ts';

export interface OverviewDeps {
  catalog: Pick<CatalogService, 'statusCounts' | 'summarizeItemsOf'>;
  versions: Pick<VersionsService, 'currentVersions'>;
  income: Pick<IncomeService, 'summary' | 'payoutCalendar'>;
}

type CurrentVersion = Awaited<ReturnType<VersionsService['currentVersions']>>[number]['version'];

/**
 * The top of My Projects: items by status, what needs the partner's action, and income once there is some. It reads
 * the catalog, versions and income modules, so it stands above all three.
 */
export function createOverviewService({ catalog, versions, income }: OverviewDeps) {
  async function incomeOf(ownerId: string): Promise<PartnerOverview['income']> {
    const summary = await income.summary(ownerId);
    if (!summary.hasSales) return null;
    const [next] = (await income.payoutCalendar(ownerId)).upcoming;
    return {
      monthCents: dollarsToCents(summary.thisMonth),
      currency: summary.currency,
      nextPayoutDate: next?.payoutDate ?? null,
      nextPayoutCents: next ? dollarsToCents(next.amount) : null,
    };
  }

  async function needsActionOfOwner(ownerId: string): Promise<NeedsAction[]> {
    const current = await versions.currentVersions(ownerId);
    // the items not deleted, with their names
    const items = await catalog.summarizeItemsOf(current.map(({ version }) => version));
    const rows = current.flatMap((row) => {
      const item = items.get(row.version.itemId);
      return item ? [{ ...row, itemName: item.name }] : [];
    });
    const byItem = new Map<string, CurrentVersion[]>();
    for (const { version } of rows) {
      const key = `${version.itemType}:${version.itemId}`;
      byItem.set(key, [...(byItem.get(key) ?? []), version]);
    }
    return rows
      .flatMap(({ version, itemName, lastMessageBy }) => {
        const slots = slotsOf(byItem.get(`${version.itemType}:${version.itemId}`) ?? [version]);
        const kind = needsActionOf(version, slots, lastMessageBy);
        if (!kind) return [];
        return [
          {
            kind,
            itemType: version.itemType,
            itemId: version.itemId,
            itemName,
            versionId: version.id,
            versionNumber: version.number,
          },
        ];
      })
      .sort(compareNeedsAction);
  }

  return {
    /**
     * The overview as `role` sees it: income only for a role that reads income, and what needs action only for one
     * that changes versions (every prompt is a version's: answer, edit, submit, release).
     */
    async overview(ownerId: string, role: StudioRole): Promise<PartnerOverview> {
      const [counts, needsAction, incomeFigures] = await Promise.all([
        catalog.statusCounts(ownerId),
        can(role, 'versions.write') ? needsActionOfOwner(ownerId) : [],
        can(role, 'income') ? incomeOf(ownerId) : null,
      ]);
      const itemsByStatus = emptyStatusCounts();
      for (const { status, n } of counts) {
        if (status in itemsByStatus) itemsByStatus[status as ProjectStatus] += n;
      }
      return { itemsByStatus, needsAction, income: incomeFigures };
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;
