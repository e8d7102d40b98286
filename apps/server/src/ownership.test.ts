import { STUDIO_HEADER } from '@portal/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPartnerEstate, type PartnerEstate, snapshotPartnerData } from './testing/estate.ts';
import { fetchOpenApiDocument, listOperations } from './testing/fuzz/index.ts';
import { type OwnershipProbe, ownershipProbes, type ProbeOutcome, sendProbes } from './testing/fuzz/ownership.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './testing/index.ts';

const describeOutcome = ({ probe, status, body, verdict }: ProbeOutcome) =>
  `${verdict}: ${probe.operation} [${probe.slot}] ${probe.request.method} ${probe.request.url}` +
  `${probe.request.payload ? ` ${String(probe.request.payload).slice(0, 200)}` : ''} → ${status} ${body.slice(0, 200)}`;

describeEachDatabase(
  "the ownership matrix: a second partner calls every route with the first partner's ids",
  (variant) => {
    let t: TestApp;
    let owner: PartnerEstate;
    let intruder: PartnerEstate;
    let probes: OwnershipProbe[];
    let outcomes: ProbeOutcome[];

    beforeAll(async () => {
      t = await createTestApp(variant);
      owner = await createPartnerEstate(t.app, 'Owner');
      intruder = await createPartnerEstate(t.app, 'Intruder');
      probes = ownershipProbes(listOperations(await fetchOpenApiDocument(t.app)), owner, intruder);
      outcomes = await sendProbes(t.app, probes, intruder.token, () => snapshotPartnerData(t.app.db, owner.userId));
    }, 240_000);
    afterAll(async () => {
      await t?.close();
    });

    it('probes every operation with a path parameter, and every id or URL in a query or body', () => {
      const probed = new Set(probes.map((probe) => probe.operation));
      for (const route of [
        'GET /api/Product/{id}',
        'PUT /api/Model/Version/Submit/{itemId}/{versionId}',
        'DELETE /api/WhiteList/{id}',
        'GET /files/{key}',
        'GET /FileUpload/Report',
        'POST /api/Product/Version',
        'PUT /api/Product/Version/{id}',
        'DELETE /api/ApiKey/{id}',
        'PUT /api/Product/Version/Release/{id}',
        'GET /api/ReviewTimes/Version/{versionId}',
      ]) {
        expect(probed).toContain(route);
      }
    });

    it("refuses every probe (or answers what anyone may read) and leaves the owner's data as it was", () => {
      const failures = outcomes.filter((outcome) => outcome.verdict !== 'refused' && outcome.verdict !== 'public');
      expect(failures.map(describeOutcome).join('\n'), `${failures.length} of ${outcomes.length} probes`).toBe('');
    });

    it("refuses them all again when they name the owner's studio in X-Studio-Id: the intruder is not in it", async () => {
      // a partner's studio id is their user id
      const inOwnersStudio = probes.map((probe) => ({
        ...probe,
        request: { ...probe.request, headers: { ...probe.request.headers, [STUDIO_HEADER]: owner.userId } },
      }));
      const studioOutcomes = await sendProbes(t.app, inOwnersStudio, intruder.token, () =>
        snapshotPartnerData(t.app.db, owner.userId),
      );
      const failures = studioOutcomes.filter(
        (outcome) => outcome.verdict !== 'refused' && outcome.verdict !== 'public',
      );
      expect(failures.map(describeOutcome).join('\n'), `${failures.length} of ${studioOutcomes.length} probes`).toBe(
        '',
      );
      // the routes of a studio refuse at the door, before looking at any id
      const atTheDoor = studioOutcomes.filter((outcome) => outcome.body.includes('"NotStudioMember"'));
      expect(atTheDoor.length).toBeGreaterThan(studioOutcomes.length / 2);
    }, 240_000);
  },
);
