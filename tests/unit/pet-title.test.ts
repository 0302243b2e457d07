// The one title of a pet ad: its name, or what is known when nobody knows the name
// (docs/decisions/0045).
import { describe, expect, it } from "vitest";
import { knownAnswer, missingSinceLabel, petHeadline, petStatusWord, petTitle } from "~/lib/pet-title";

const found = { name: null, type: "gato", status: "encontrado", gender: null, location: "Osasco - SP" };

describe("pet titles", () => {
  it("is the pet's name when the poster knows it", () => {
    expect(petTitle({ ...found, name: "Thor", status: "perdido" })).toBe("Thor");
    expect(petTitle({ ...found, name: "  Mimi " })).toBe("Mimi");
  });

  it("is built from the species, the status and the city without a name", () => {
    expect(petTitle(found)).toBe("Gato encontrado em Osasco - SP");
    expect(petTitle({ ...found, type: "cachorro", status: "avistado" })).toBe("Cachorro avistado em Osasco - SP");
    expect(petTitle({ ...found, status: "adocao" })).toBe("Gato para adoção em Osasco - SP");
    expect(petTitle({ ...found, type: "outros" })).toBe("Pet encontrado em Osasco - SP");
  });

  it("agrees with the pet's sex, and with the noun's gender", () => {
    expect(petTitle({ ...found, type: "cachorro", gender: "Fêmea" })).toBe("Cadela encontrada em Osasco - SP");
    expect(petTitle({ ...found, gender: "Fêmea", status: "avistado" })).toBe("Gata avistada em Osasco - SP");
    expect(petTitle({ ...found, type: "cachorro", gender: "Macho" })).toBe("Cachorro encontrado em Osasco - SP");
    // 'Ave' is a feminine noun whatever the bird's sex.
    expect(petTitle({ ...found, type: "ave" })).toBe("Ave encontrada em Osasco - SP");
  });

  it("names the city, not the neighbourhood or reference", () => {
    expect(petTitle({ ...found, location: "Perto da padaria, Vila Yara, Osasco - SP" })).toBe("Gato encontrado em Osasco - SP");
  });

  it("never makes 'Não sei', a blank or a placeholder the title", () => {
    for (const name of ["Não sei", "nao sei", "NÃO SEI.", "", "   ", "?", "-", "Sem nome", "desconhecido"]) {
      expect(knownAnswer(name)).toBeNull();
      expect(petTitle({ ...found, name })).toBe("Gato encontrado em Osasco - SP");
    }
    expect(knownAnswer("Sei lá")).toBe("Sei lá");
  });

  it("keeps the status and place in the page's headline", () => {
    expect(petHeadline({ ...found, name: "Thor", status: "perdido", location: "Centro, Osasco - SP" })).toBe(
      "Thor - Perdido em Centro, Osasco - SP",
    );
    expect(petHeadline({ ...found, name: "Luna", gender: "Fêmea", status: "perdido", location: "Osasco - SP" })).toBe(
      "Luna - Perdida em Osasco - SP",
    );
    expect(petHeadline(found)).toBe("Gato encontrado em Osasco - SP");
  });

  it("words the status and the date by the pet's sex", () => {
    expect(petStatusWord("perdido", "Fêmea")).toBe("Perdida");
    expect(petStatusWord("encontrado", null)).toBe("Encontrado");
    expect(petStatusWord("adocao", "Fêmea")).toBe("Para Adoção");
    expect(missingSinceLabel("Fêmea")).toBe("Desaparecida desde");
    expect(missingSinceLabel("Macho")).toBe("Desaparecido desde");
    expect(missingSinceLabel(null)).toBe("Desaparecido desde");
  });
});
