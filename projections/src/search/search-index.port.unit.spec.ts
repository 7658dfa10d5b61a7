import { setCodeQuery, setIdQuery } from './search-index.port';

describe('setCodeQuery', () => {
  it.each([
    ['LOB-EN001', 'LOB-EN001'],
    [' lob-sp001 ', 'LOB-SP001'],
    ['SDY-006', 'SDY-006'],
    ['mp23-en001', 'MP23-EN001'],
    ['SGX1-ENA01', 'SGX1-ENA01'],
    ['SHVI-ENSE1', 'SHVI-ENSE1'],
    ['LOB-EN0', 'LOB-EN0'],
    ['lob-en', 'LOB-EN'],
    ['LOB-', 'LOB-'],
    ['lob\u2013en001', 'LOB-EN001'],
    ['\uff2c\uff2f\uff22\uff0d\uff25\uff2e\uff10\uff10\uff11', 'LOB-EN001'],
    ['lob en001', 'LOB-EN001'],
    ['SDY  006', 'SDY-006'],
    ['mrd 13', 'MRD-13'],
    ['LOB EN', 'LOB-EN'],
    ['lob en 001', 'LOB-EN001'],
    ['lob 001', 'LOB-001'],
    // Tried as a code first; no code begins so, so the words are searched (the search contract).
    ['Blue-Eyes', 'BLUE-EYES'],
  ])('reads %j as the set code %j', (query, code) => {
    expect(setCodeQuery(query)).toBe(code);
  });

  it.each(['Red-Eyes Black Dragon', 'LOB', 'Dark Magician', 'LOB EN 00 1', 'Jinzo 7 dragon', 'X-Saber', 'Gem-Knight', 'LOB-EN001 dragon', 'LOB-EN00001', ''])(
    'leaves %j to the word search',
    (query) => {
      expect(setCodeQuery(query)).toBeNull();
    },
  );
});

describe('setIdQuery', () => {
  it.each([
    ['LOB', 'LOB-'],
    [' mp23 ', 'MP23-'],
    ['tshd', 'TSHD-'],
    ['\uff2c\uff2f\uff22', 'LOB-'],
  ])('reads %j as the beginning %j of its prints', (query, beginning) => {
    expect(setIdQuery(query)).toBe(beginning);
  });

  it.each(['LOB-EN001', 'LOB EN001', 'Kuriboh', 'L', 'dark magician', ''])('does not read %j as a set', (query) => {
    expect(setIdQuery(query)).toBeNull();
  });
});
