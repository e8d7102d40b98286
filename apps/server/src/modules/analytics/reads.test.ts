import { ANALYTICS_CSV_HEADER, type AnalyticsStage } from '@portal/contracts';
import { expect, it } from 'vitest';
import {
  addMember,
  as,
  createProduct,
  dayOf,
  describeEachDatabase,
  noonOf,
  type Partner,
  pngImage,
  postFile,
  registerConnectedPartner,
  userIdOf,
  useTestApp,
} from '../../testing/index.ts';
import { insertPlayEvents, type PlayEventRow } from './repository.ts';

describeEachDatabase("play analytics: a stage's impressions and the CSV export", (variant) => {
  const t = useTestApp(variant);

  async function draftStage(partner: Partner, name: string): Promise<string> {
    const image = (
      await postFile(t.app, partner.accessToken, 'poster.png', await pngImage(320, 480), '/api/Stage/Media')
    ).json() as { id: string };
    const stage = await as(t.app, partner.accessToken).post('/api/Stage', {
      name,
      latitude: 22.29,
      longitude: 114.17,
      anchorId: name.toLowerCase().replace(/\W+/g, '-'),
      contents: [{ type: 'Image', assetId: image.id, position: [0, 1, 0], rotation: [0, 0, 0], scale: [1, 1, 1] }],
    });
    expect(stage.statusCode, stage.body).toBe(200);
    return (stage.json() as { id: string }).id;
  }

  it('answers a stage\'s impressions a day, its few viewers as "< 5", and its name in the summary; another studio\'s stage is 404', async () => {
    const partner = await registerConnectedPartner(t.app);
    const ownerId = await userIdOf(t.app.db, partner.email);
    const stageId = await draftStage(partner, 'Pier Seven');
    const seen = (day: string, viewer: string): PlayEventRow => ({
      at: noonOf(day),
      kind: 'impression',
      audience: 'public',
      ownerId,
      stageId,
      player: viewer,
    });
    // two days ago: 6 impressions by 6 viewers; yesterday: 3 impressions by 2 viewers; today none
    await insertPlayEvents(t.app.db, [
      ...['v1', 'v2', 'v3', 'v4', 'v5', 'v6'].map((viewer) => seen(dayOf(-2), viewer)),
      ...['v1', 'v1', 'v2'].map((viewer) => seen(dayOf(-1), viewer)),
    ]);
    for (const offset of [-2, -1]) await t.app.services.analytics.rollUp(dayOf(offset));

    const query = `From=${dayOf(-2)}&To=${dayOf(0)}`;
    const response = await as(t.app, partner.accessToken).get(`/api/Analytics/Stages/${stageId}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json() as AnalyticsStage).toEqual({
      stageId,
      name: 'Pier Seven',
      from: dayOf(-2),
      to: dayOf(0),
      minPlayers: 5,
      totals: { impressions: 9 },
      points: [
        { day: dayOf(-2), impressions: 6, viewers: 6 },
        { day: dayOf(-1), impressions: 3, viewers: '< 5' },
        { day: dayOf(0), impressions: 0, viewers: '< 5' },
      ],
    });
    const summary = (await as(t.app, partner.accessToken).get(`/api/Analytics/Summary?${query}`)).json();
    expect(summary.stages).toEqual([{ stageId, name: 'Pier Seven', impressions: 9 }]);
    expect(summary.totals.impressions).toBe(9);
    expect(summary.days.map((day: { impressions: number }) => day.impressions)).toEqual([6, 3, 0]);
    expect(summary.days[0]).toMatchObject({ day: dayOf(-2), plays: '< 5', players: '< 5', views: 0 });

    const stranger = await registerConnectedPartner(t.app);
    const theirs = await as(t.app, stranger.accessToken).get(`/api/Analytics/Stages/${stageId}?${query}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ errorCode: 'StageNotFound', message: expect.any(String) });
    const none = await as(t.app, partner.accessToken).get(`/api/Analytics/Stages/not-a-stage?${query}`);
    expect(none.statusCode).toBe(404);
    const bad = await as(t.app, partner.accessToken).get(`/api/Analytics/Stages/${stageId}?From=${dayOf(0)}`);
    expect(bad.statusCode).toBe(400);
  });

  it('exports a row per game and day played, "< 5" as the API has it, only the studio\'s games, and records the export', async () => {
    const partner = await registerConnectedPartner(t.app);
    const ownerId = await userIdOf(t.app.db, partner.email);
    const busy = await createProduct(t.app, partner.accessToken, { name: 'Busy, "Quoted" Tag' });
    const quiet = await createProduct(t.app, partner.accessToken, { name: 'Quiet Tag' });
    const stranger = await registerConnectedPartner(t.app);
    const strangerId = await userIdOf(t.app.db, stranger.email);
    const theirs = await createProduct(t.app, stranger.accessToken, { name: 'Their Tag' });
    const session = (owner: string, itemId: string, day: string, player: string): PlayEventRow[] => {
      const base = { audience: 'public', ownerId: owner, itemId, version: 1, player } as const;
      return [
        { ...base, at: noonOf(day), kind: 'player-joined' },
        { ...base, at: new Date(noonOf(day).getTime() + 4 * 60_000), kind: 'player-left', durationMs: 4 * 60_000 },
      ];
    };
    const day = dayOf(-1);
    await insertPlayEvents(t.app.db, [
      ...['a', 'b', 'c', 'd', 'e'].flatMap((player) => session(ownerId, busy.id, day, player)),
      { at: noonOf(day), kind: 'game-started', audience: 'public', ownerId, itemId: busy.id, version: 1, players: 5 },
      ...['a', 'b'].flatMap((player) => session(ownerId, quiet.id, day, player)),
      ...['x', 'y', 'z', 'w', 'v'].flatMap((player) => session(strangerId, theirs.id, day, player)),
    ]);
    await t.app.services.analytics.rollUp(day);

    const owner = as(t.app, partner.accessToken);
    const response = await owner.get(`/api/Analytics/Export.csv?From=${day}&To=${day}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="play-analytics-${day}-to-${day}.csv"`);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(ANALYTICS_CSV_HEADER.join(','));
    const rowOf = (id: string) => lines.find((line) => line.includes(id));
    expect(rowOf(busy.id)).toBe(`${day},"Busy, ""Quoted"" Tag",${busy.id},1,5,5,0,20,240,5,0`);
    expect(rowOf(quiet.id)).toBe(`${day},Quiet Tag,${quiet.id},< 5,< 5,< 5,< 5,< 5,< 5,< 5,0`);
    expect(lines).toHaveLength(3);
    expect(response.body).not.toContain(theirs.id);

    const one = await owner.get(`/api/Analytics/Export.csv?From=${day}&To=${day}&ItemId=${quiet.id}`);
    expect(one.body.trimEnd().split('\r\n')).toEqual([ANALYTICS_CSV_HEADER.join(','), rowOf(quiet.id)]);

    const refused = await owner.get(`/api/Analytics/Export.csv?From=${day}&To=${day}&ItemId=${theirs.id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ errorCode: 'ProductNotFound', message: expect.any(String) });
    expect((await owner.get(`/api/Analytics/Export.csv?From=${day}&To=${dayOf(-2)}`)).statusCode).toBe(400);

    const audit = (await owner.get('/api/Team/Audit?PageIndex=1&PageSize=20')).json() as {
      data: Array<{ action: string }>;
    };
    expect(audit.data.map((row) => row.action)).toContain('downloadAnalyticsCsv');

    const marketer = await addMember(t.app, partner, 'Marketing');
    expect((await marketer.caller.get(`/api/Analytics/Export.csv?From=${day}&To=${day}`)).body).toBe(response.body);
  });
});
