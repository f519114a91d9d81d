import { arrowsWithin, cycles, folderGraph, importGraph, type ImportGraph } from '../support/import-graph';

// A reader can start at any file or folder ("room") of functions/ and follow its imports
// without coming back to where they started (README.md, "Map of the code").
const files = importGraph(process.cwd(), 'functions');
const folders = folderGraph(files);

/** Each cycle with the imports that close it, one a line, so a failure says what to cut. */
const report = (graph: ImportGraph) => cycles(graph).map((group) => `${group.join(', ')}\n    ${arrowsWithin(graph, group).join('\n    ')}`);

describe('imports in functions/', () => {
  it('reads the files it checks', () => {
    expect(files.size).toBeGreaterThan(100);
    expect([...files.values()].some((targets) => targets.size > 0)).toBe(true);
  });

  it('never lead a file back to itself', () => {
    const found = report(files);
    expect(found.length, `File cycles:\n${found.join('\n')}`).toBe(0);
  });

  it('never lead a folder back to itself', () => {
    const found = report(folders);
    expect(found.length, `Folder cycles:\n${found.join('\n')}`).toBe(0);
  });
});
