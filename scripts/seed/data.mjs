// Sample content for `npm run db:seed` (scripts/seed.mjs). Everything a visitor sees is
// Brazilian Portuguese. Ids are fixed so relations and URLs (/pet/1, /ong/1...) are stable;
// dates are stored as offsets and resolved against the moment the seed runs.
//
// Images live in public/seed/ (flat illustrations generated once with librsvg + cwebp and
// committed; nothing here needs an image tool at run time).

export const SEED_PASSWORD = "Patas@2026";

/** The row whose presence means "already seeded". */
export const MARKER_EMAIL = "maria@exemplo.com.br";

const uid = (n) => `5eed0000-0000-4000-8000-${String(n).padStart(12, "0")}`;

// ---------------------------------------------------------------------------------------
// Users. key -> account. Every user gets a profiles row (name, phone, bio, instagram...).
// ---------------------------------------------------------------------------------------
export const USERS = [
  // personal
  {
    key: "maria",
    id: uid(1),
    email: "maria@exemplo.com.br",
    type: "personal",
    name: "Maria Silva",
    phone: "(11) 98765-4321",
    bio: "Tutora do Thor e da Luna, moro na Vila Mariana e sou apaixonada por vira-latas. Ajudo a divulgar pets perdidos da Zona Sul de São Paulo.",
    instagram: "@mariasilva.pets",
    facebook: "facebook.com/mariasilva.sp",
    daysAgo: 58,
  },
  {
    key: "patricia",
    id: uid(2),
    email: "patricia.rocha@exemplo.com.br",
    type: "personal",
    name: "Patrícia Rocha",
    phone: "(11) 97412-3650",
    bio: "Professora, mãe de três gatos resgatados e voluntária em feiras de adoção aos fins de semana.",
    instagram: "@patirocha",
    daysAgo: 55,
  },
  {
    key: "joao",
    id: uid(3),
    email: "joao.pereira@exemplo.com.br",
    type: "personal",
    name: "João Pereira",
    phone: "(21) 99634-1287",
    bio: "Carioca da Tijuca, tutor da Mel há cinco anos. Corro com ela na Quinta da Boa Vista todo domingo.",
    instagram: "@joaopereira.rj",
    daysAgo: 54,
  },
  {
    key: "bruno",
    id: uid(4),
    email: "bruno.martins@exemplo.com.br",
    type: "personal",
    name: "Bruno Martins",
    phone: "(21) 98810-4473",
    bio: "Veterinário recém-formado e protetor nas horas vagas. Sempre com ração no carro para os bichinhos de rua.",
    instagram: "@brunomartins.vet",
    daysAgo: 51,
  },
  {
    key: "ana",
    id: uid(5),
    email: "ana.costa@exemplo.com.br",
    type: "personal",
    name: "Ana Beatriz Costa",
    phone: "(31) 99127-5580",
    bio: "Designer em BH, tutora do Salem (um gato preto muito medroso) e da Pipoca, uma calopsita falante.",
    instagram: "@anabia.costa",
    daysAgo: 50,
  },
  {
    key: "carlos",
    id: uid(6),
    email: "carlos.oliveira@exemplo.com.br",
    type: "personal",
    name: "Carlos Eduardo Oliveira",
    phone: "(61) 99205-3318",
    bio: "Servidor público em Brasília. Adotei meu primeiro cachorro em uma feira de adoção e desde então incentivo todo mundo a adotar.",
    instagram: "@cadu.oliveira",
    daysAgo: 47,
  },
  {
    key: "fernanda",
    id: uid(7),
    email: "fernanda.lima@exemplo.com.br",
    type: "personal",
    name: "Fernanda Lima",
    phone: "(41) 99788-0142",
    bio: "Curitibana, tutora de dois coelhos e um jabuti. Adoro trocar dicas sobre pets não convencionais.",
    instagram: "@fe.lima.pets",
    daysAgo: 45,
  },
  {
    key: "lucas",
    id: uid(8),
    email: "lucas.almeida@exemplo.com.br",
    type: "personal",
    name: "Lucas Almeida",
    phone: "(51) 98456-7723",
    bio: "Engenheiro em Porto Alegre. Depois das enchentes, virei lar temporário de cães resgatados.",
    instagram: "@lucas.almeida.poa",
    daysAgo: 44,
  },
  {
    key: "rafael",
    id: uid(9),
    email: "rafael.souza@exemplo.com.br",
    type: "personal",
    name: "Rafael Souza",
    phone: "(71) 99342-8861",
    bio: "Soteropolitano, tutor do Dengo, um vira-lata que adora praia. Ajudo a ONG do bairro com transporte de animais.",
    instagram: "@rafasouza71",
    daysAgo: 40,
  },
  {
    key: "juliana",
    id: uid(10),
    email: "juliana.santos@exemplo.com.br",
    type: "personal",
    name: "Juliana Santos",
    phone: "(81) 99670-2245",
    bio: "Estudante de medicina veterinária na UFRPE, moro em Boa Viagem com a Bidu e o Paçoca.",
    instagram: "@ju.santos.vet",
    daysAgo: 38,
  },

  // company
  {
    key: "amigofiel",
    id: uid(21),
    email: "contato@petshopamigo.com.br",
    type: "company",
    name: "Pet Shop Amigo Fiel",
    phone: "(11) 3456-7890",
    bio: "Pet shop de bairro em Moema desde 2012: rações, acessórios, banho e tosa com carinho.",
    instagram: "@petshopamigo",
    facebook: "facebook.com/petshopamigofiel",
    daysAgo: 57,
    company: {
      companyName: "Pet Shop Amigo Fiel",
      cnpjBase: "34567812000", // + branch digit below; check digits computed by the seed
      cnpjBranch: "1",
      plan: "basic",
      address: "Av. Ibirapuera, 2120 - Moema, São Paulo - SP, 04028-001",
      website: "www.petshopamigo.com.br",
      logoUrl: "/seed/products/coleira.webp",
      description:
        "Pet shop familiar em Moema com rações das principais marcas, acessórios, brinquedos e serviço de banho e tosa com leva e traz. Atendimento carinhoso e entrega rápida na Zona Sul de São Paulo.",
    },
  },
  {
    key: "vetvida",
    id: uid(22),
    email: "contato@vetvida.com.br",
    type: "company",
    name: "Rede VetVida Saúde Animal",
    phone: "(11) 4003-8822",
    bio: "Rede de clínicas e hospitais veterinários com atendimento 24 horas em várias capitais.",
    instagram: "@vetvida.oficial",
    facebook: "facebook.com/vetvidasaudeanimal",
    daysAgo: 56,
    company: {
      companyName: "Rede VetVida Saúde Animal Ltda.",
      cnpjBase: "27845193000",
      cnpjBranch: "1",
      plan: "premium",
      planDays: 365, // plan_expires_at = now + 1 year: a newcomer sees Premium in every state
      address: "Rua Domingos de Morais, 1450 - Vila Mariana, São Paulo - SP, 04010-100",
      website: "https://www.vetvida.com.br",
      logoUrl: "/seed/clinics/cruz-patinha.webp",
      description:
        "A Rede VetVida reúne clínicas, hospitais 24 horas e centros de especialidades veterinárias em São Paulo, Rio de Janeiro, Belo Horizonte, Brasília, Curitiba, Porto Alegre e Recife. Também oferecemos consultas a domicílio, vacinação e medicamentos com orientação veterinária.",
    },
  },

  // ngo (one organization each, see ORGANIZATIONS; julia has none yet)
  {
    key: "patinhas",
    id: uid(31),
    email: "contato@patinhasfelizes.org.br",
    type: "ngo",
    name: "ONG Patinhas Felizes",
    phone: "(11) 99876-5432",
    bio: "Resgatamos, tratamos e encaminhamos para adoção cães e gatos abandonados em São Paulo.",
    instagram: "@patinhasfelizes",
    facebook: "facebook.com/ongpatinhasfelizes",
    daysAgo: 59,
  },
  {
    key: "quatropatas",
    id: uid(32),
    email: "contato@abrigoquatropatas.org.br",
    type: "ngo",
    name: "Abrigo Quatro Patas",
    phone: "(21) 99521-3040",
    bio: "Abrigo com mais de 120 animais em Jacarepaguá, sempre de portas abertas para visitas.",
    instagram: "@abrigoquatropatas",
    daysAgo: 53,
  },
  {
    key: "helena",
    id: uid(33),
    email: "helena.protetora@exemplo.com.br",
    type: "ngo",
    name: "Helena Martins",
    phone: "(31) 98844-2107",
    bio: "Protetora independente em Belo Horizonte há 15 anos, focada em castração de animais de rua.",
    instagram: "@helena.protetora",
    daysAgo: 52,
  },
  {
    key: "voluntariosbem",
    id: uid(34),
    email: "contato@voluntariosdobem.org.br",
    type: "ngo",
    name: "Voluntários do Bem Animal",
    phone: "(61) 99933-7150",
    bio: "Grupo de voluntários que alimenta e cuida de colônias de animais de rua no Distrito Federal.",
    instagram: "@voluntariosdobemanimal",
    daysAgo: 49,
  },
  {
    key: "focinho",
    id: uid(35),
    email: "contato@focinhogelado.org.br",
    type: "ngo",
    name: "Instituto Focinho Gelado",
    phone: "(41) 99150-6688",
    bio: "Saúde animal acessível em Curitiba: mutirões de vacinação e atendimento veterinário solidário.",
    instagram: "@focinhogelado",
    daysAgo: 48,
  },
  {
    key: "sosbichos",
    id: uid(36),
    email: "contato@sosbichospoa.org.br",
    type: "ngo",
    name: "SOS Bichos Porto Alegre",
    phone: "(51) 99702-1934",
    bio: "Resgate de animais em situação de risco na Grande Porto Alegre.",
    instagram: "@sosbichospoa",
    daysAgo: 46,
  },
  {
    key: "miau",
    id: uid(37),
    email: "contato@lartemporariomiau.org.br",
    type: "ngo",
    name: "Lar Temporário Miau",
    phone: "(71) 99288-4416",
    bio: "Rede de lares temporários para gatos em Salvador. Adoção responsável, com castração e vacinas em dia.",
    instagram: "@lartemporariomiau",
    daysAgo: 42,
  },
  {
    key: "amigobicho",
    id: uid(38),
    email: "contato@amigobicho.org.br",
    type: "ngo",
    name: "Projeto Amigo Bicho",
    phone: "(81) 99456-3021",
    bio: "Educação para a guarda responsável em escolas públicas do Recife.",
    instagram: "@projetoamigobicho",
    daysAgo: 41,
  },
  // An NGO account WITHOUT an organization: Perfil da ONG invites it to Cadastrar ONG.
  {
    key: "julia",
    id: uid(39),
    email: "julia.voluntaria@exemplo.com.br",
    type: "ngo",
    name: "Júlia Andrade",
    phone: "(11) 98123-4567",
    bio: "Voluntária em feiras de adoção na zona sul de São Paulo.",
    daysAgo: 3,
  },
];

// ---------------------------------------------------------------------------------------
// Pets. daysAgo/hour give created_at; perdido pets went missing `missingDaysBefore` days
// before the ad. Flags: [castrado, vacinado, aceita crianças, aceita outros animais].
// ---------------------------------------------------------------------------------------
const YT = "https://www.youtube.com/watch?v=jNQXAC9IVRw";

export const PETS = [
  // ---------------- perdido (14)
  {
    id: 1, owner: "maria", status: "perdido", name: "Thor", type: "cachorro", breed: "Vira-lata",
    age: "3 anos", gender: "Macho", size: "Médio", color: "Caramelo",
    temperament: "Dócil e brincalhão, atende pelo nome", flags: [1, 1, 1, 1],
    location: "Vila Mariana, São Paulo - SP", image: "pets/cachorro-01.webp",
    extra: ["pets/cachorro-01-rosto.webp"], daysAgo: 1, hour: 9, missingDaysBefore: 1,
    notes: "Fugiu pelo portão durante a chuva, perto da Rua Domingos de Morais. Estava com coleira vermelha e plaquinha com telefone. É castrado e muito dócil, mas fica assustado com barulho. Ofereço recompensa por qualquer informação!",
  },
  {
    id: 2, owner: "joao", status: "perdido", name: "Mel", type: "cachorro", breed: "Golden Retriever",
    age: "5 anos", gender: "Fêmea", size: "Grande", color: "Dourado",
    temperament: "Muito carinhosa, se aproxima de qualquer pessoa", flags: [1, 1, 1, 1],
    location: "Tijuca, Rio de Janeiro - RJ", image: "pets/cachorro-04.webp",
    extra: ["pets/cachorro-04-rosto.webp"], daysAgo: 3, hour: 20, missingDaysBefore: 1,
    notes: "Saiu de casa na Rua Conde de Bonfim e não voltou. Tem uma pequena cicatriz na orelha esquerda e usa coleira azul-marinho. Toma remédio para tireoide todos os dias, precisa voltar logo para casa.",
  },
  {
    id: 3, owner: "ana", status: "perdido", name: "Salem", type: "gato", breed: "SRD",
    age: "2 anos", gender: "Macho", size: "Pequeno", color: "Preto",
    temperament: "Medroso, se esconde quando ouve vozes desconhecidas", flags: [1, 1, 0, 1],
    location: "Savassi, Belo Horizonte - MG", image: "pets/gato-02.webp", daysAgo: 5, hour: 22, missingDaysBefore: 2,
    notes: "Gato preto de olhos amarelos, sem coleira. Sumiu do apartamento no 2º andar, provavelmente pela janela da área de serviço. Pode estar escondido em garagens ou jardins da Rua Pernambuco. Por favor, não tente pegá-lo: me avise pelo WhatsApp.",
  },
  {
    id: 4, owner: "carlos", status: "perdido", name: "Bolinha", type: "cachorro", breed: "Shih Tzu",
    age: "7 anos", gender: "Macho", size: "Pequeno", color: "Branco com manchas pretas",
    temperament: "Calmo, um pouco surdo por causa da idade", flags: [1, 1, 1, 0],
    location: "Asa Norte, Brasília - DF", image: "pets/cachorro-03.webp", daysAgo: 8, hour: 8, missingDaysBefore: 0,
    notes: "Desapareceu na SQN 308 durante o passeio da manhã, quando a guia arrebentou. É idoso e enxerga pouco, pode estar desorientado. Estava com roupinha xadrez azul.",
  },
  {
    id: 5, owner: "patricia", status: "perdido", name: "Nina", type: "gato", breed: "Siamês",
    age: "4 anos", gender: "Fêmea", size: "Pequeno", color: "Creme com extremidades marrons",
    temperament: "Mia muito alto e é bem sociável", flags: [1, 1, 1, 1],
    location: "Pinheiros, São Paulo - SP", image: "pets/gato-05.webp", extra: ["pets/gato-05-rosto.webp"],
    daysAgo: 11, hour: 19, missingDaysBefore: 1,
    notes: "Fugiu durante uma mudança na Rua dos Pinheiros, altura do número 900. Tem olhos azuis bem claros e atende por \"Nina\" ou \"Ninoca\". É castrada e microchipada.",
  },
  {
    id: 6, owner: "lucas", status: "perdido", name: "Bento", type: "cachorro", breed: "Pinscher",
    age: "6 anos", gender: "Macho", size: "Pequeno", color: "Marrom chocolate",
    temperament: "Late para estranhos, mas não morde", flags: [0, 1, 0, 0],
    location: "Cidade Baixa, Porto Alegre - RS", image: "pets/cachorro-06.webp", daysAgo: 14, hour: 10, missingDaysBefore: 2,
    notes: "Sumiu na Rua da República depois de se assustar com fogos de artifício. Usa coleira verde com pingente de osso. Qualquer informação ajuda!",
  },
  {
    id: 7, owner: "rafael", status: "perdido", name: "Dengo", type: "cachorro", breed: "Vira-lata",
    age: "4 anos", gender: "Macho", size: "Grande", color: "Preto",
    temperament: "Brincalhão, adora água e crianças", flags: [1, 1, 1, 1],
    location: "Rio Vermelho, Salvador - BA", image: "pets/cachorro-02.webp", daysAgo: 17, hour: 7, missingDaysBefore: 1,
    notes: "Fugiu da praia da Paciência quando soltamos a guia por um instante. É grande, preto, com uma mancha branca no peito. Muito manso, pode ter seguido alguém.",
  },
  {
    id: 8, owner: "ana", status: "perdido", name: "Pipoca", type: "ave", breed: "Calopsita",
    age: "1 ano e 6 meses", gender: "Fêmea", size: "Pequeno", color: "Cinza com bochechas laranja",
    temperament: "Mansa, assobia o hino do Atlético", flags: [0, 0, 1, 1],
    location: "Santa Tereza, Belo Horizonte - MG", image: "pets/ave-02.webp", daysAgo: 20, hour: 16, missingDaysBefore: 0,
    notes: "Voou pela janela da cozinha. É acostumada com gente e pousa no ombro. Se alguém avistar uma calopsita cinza assobiando, por favor me chame!",
  },
  {
    id: 9, owner: "juliana", status: "perdido", name: "Bidu", type: "cachorro", breed: "Beagle",
    age: "2 anos", gender: "Fêmea", size: "Médio", color: "Caramelo e branco",
    temperament: "Curiosa e farejadora, foge atrás de cheiros", flags: [1, 1, 1, 1],
    location: "Boa Viagem, Recife - PE", image: "pets/cachorro-01.webp", daysAgo: 24, hour: 18, missingDaysBefore: 3,
    notes: "Desapareceu perto da Avenida Conselheiro Aguiar, próximo à padaria. Tem microchip e coleira rosa. Estamos oferecendo recompensa.",
  },
  {
    id: 10, owner: "bruno", status: "perdido", name: "Fumaça", type: "gato", breed: "SRD",
    age: "5 anos", gender: "Macho", size: "Médio", color: "Cinza rajado",
    temperament: "Independente, mas vem quando chacoalhamos o pote de petisco", flags: [1, 1, 1, 0],
    location: "Botafogo, Rio de Janeiro - RJ", image: "pets/gato-03.webp", daysAgo: 29, hour: 21, missingDaysBefore: 2,
    notes: "Saiu pela varanda do térreo na Rua Voluntários da Pátria. Tem uma orelha levemente cortada (marca de castração).",
  },
  {
    id: 11, owner: "fernanda", status: "perdido", name: "Tico", type: "outros", breed: "Coelho Mini Lop",
    age: "1 ano", gender: "Macho", size: "Pequeno", color: "Branco",
    temperament: "Tranquilo, gosta de cenoura e colo", flags: [0, 0, 1, 1],
    location: "Água Verde, Curitiba - PR", image: "pets/coelho-01.webp", daysAgo: 33, hour: 11, missingDaysBefore: 0,
    notes: "Escapou do cercadinho no quintal. Coelho branco de orelhas caídas, olhos escuros. Não sabe se virar sozinho na rua, por favor ajudem a encontrar.",
  },
  {
    id: 12, owner: "maria", status: "perdido", name: "Luna", type: "gato", breed: "SRD",
    age: "8 meses", gender: "Fêmea", size: "Pequeno", color: "Laranja rajada",
    temperament: "Filhote, muito curiosa e agitada", flags: [0, 1, 1, 1],
    location: "Vila Mariana, São Paulo - SP", image: "pets/gato-01.webp", daysAgo: 39, hour: 15, missingDaysBefore: 1,
    notes: "Fugiu pela porta enquanto recebíamos uma entrega. Ainda não é castrada. Atende pelo barulho do saquinho de sachê.",
  },
  {
    id: 13, owner: "carlos", status: "perdido", name: "Zeus", type: "cachorro", breed: "Husky Siberiano",
    age: "3 anos", gender: "Macho", size: "Grande", color: "Cinza e branco",
    temperament: "Agitado e fujão, mas muito amigável", flags: [0, 1, 1, 1],
    location: "Águas Claras, Brasília - DF", image: "pets/cachorro-05.webp", daysAgo: 46, hour: 6, missingDaysBefore: 1,
    notes: "Pulou o muro de casa na Rua 12 Norte. Tem olhos de cores diferentes (um azul e um castanho). Pode estar correndo perto do Parque Ecológico.",
  },
  {
    id: 14, owner: "patricia", status: "perdido", name: "Amora", type: "cachorro", breed: "Poodle",
    age: "10 anos", gender: "Fêmea", size: "Pequeno", color: "Preta",
    temperament: "Idosa e dengosa, precisa de medicação", flags: [1, 1, 1, 1],
    location: "Tatuapé, São Paulo - SP", image: "pets/cachorro-02.webp", daysAgo: 55, hour: 13, missingDaysBefore: 2,
    notes: "Sumiu perto do Metrô Tatuapé. É cardiopata e toma remédio duas vezes ao dia. Estava com lacinho vermelho na cabeça.",
  },

  // ---------------- adocao (16)
  {
    id: 15, owner: "patinhas", status: "adocao", name: "Pingo", type: "cachorro", breed: "SRD",
    age: "1 ano", gender: "Macho", size: "Médio", color: "Caramelo",
    temperament: "Alegre, sociável e ótimo com crianças", flags: [1, 1, 1, 1],
    location: "Vila Mariana, São Paulo - SP", image: "pets/cachorro-01.webp", extra: ["pets/cachorro-01-rosto.webp"],
    youtube: YT, daysAgo: 0, hour: 10,
    notes: "Pingo foi resgatado em uma obra ainda filhote e hoje é um cãozinho saudável e cheio de energia. Já está castrado, vacinado e vermifugado. Procuramos uma família com tempo para passeios diários.",
  },
  {
    id: 16, owner: "patinhas", status: "adocao", name: "Mia", type: "gato", breed: "SRD",
    age: "6 meses", gender: "Fêmea", size: "Pequeno", color: "Branca",
    temperament: "Carinhosa e brincalhona", flags: [1, 1, 1, 1],
    location: "Mooca, São Paulo - SP", image: "pets/gato-04.webp", daysAgo: 2, hour: 14,
    notes: "Gatinha branca de olhos azuis, resgatada com os irmãos em uma caixa de papelão. Adora brincar com bolinhas e dormir no colo. Entregamos com termo de adoção responsável; apartamento precisa ter telas.",
  },
  {
    id: 17, owner: "quatropatas", status: "adocao", name: "Paçoca", type: "cachorro", breed: "Vira-lata",
    age: "2 anos", gender: "Fêmea", size: "Médio", color: "Dourada",
    temperament: "Tranquila e obediente, já sabe sentar e dar a pata", flags: [1, 1, 1, 1],
    location: "Jacarepaguá, Rio de Janeiro - RJ", image: "pets/cachorro-04.webp", extra: ["pets/cachorro-04-rosto.webp"],
    daysAgo: 4, hour: 11,
    notes: "A Paçoca vive no abrigo há quase um ano e é uma das cachorras mais doces que já tivemos. Convive bem com outros cães e gatos. Ideal para casa com quintal.",
  },
  {
    id: 18, owner: "helena", status: "adocao", name: "Chico", type: "cachorro", breed: "SRD",
    age: "4 anos", gender: "Macho", size: "Grande", color: "Preto",
    temperament: "Protetor e leal, um pouco tímido no início", flags: [1, 1, 0, 1],
    location: "Pampulha, Belo Horizonte - MG", image: "pets/cachorro-02.webp", daysAgo: 6, hour: 17,
    notes: "Chico foi encontrado amarrado em um poste perto da Lagoa da Pampulha. Depois de muito carinho, se tornou um companheiro leal. Precisa de adotante paciente e de preferência sem crianças pequenas.",
  },
  {
    id: 19, owner: "miau", status: "adocao", name: "Jiló", type: "gato", breed: "SRD",
    age: "3 anos", gender: "Macho", size: "Médio", color: "Laranja rajado",
    temperament: "Preguiçoso e muito manso", flags: [1, 1, 1, 1],
    location: "Pituba, Salvador - BA", image: "pets/gato-01.webp", extra: ["pets/gato-01-rosto.webp"],
    youtube: YT, daysAgo: 7, hour: 12,
    notes: "Jiló é o rei do sofá: adora tirar cochilos ao sol e pedir carinho na barriga. Testado negativo para FIV e FeLV. Está em lar temporário e pode ser visitado com agendamento.",
  },
  {
    id: 20, owner: "voluntariosbem", status: "adocao", name: "Estrela", type: "cachorro", breed: "SRD",
    age: "8 meses", gender: "Fêmea", size: "Médio", color: "Branca com manchas pretas",
    temperament: "Filhote esperta e cheia de energia", flags: [1, 1, 1, 1],
    location: "Taguatinga, Brasília - DF", image: "pets/cachorro-03.webp", daysAgo: 9, hour: 9,
    notes: "Estrela nasceu em uma colônia que alimentamos em Taguatinga. Está castrada e com todas as vacinas. Vai ficar de porte médio. Ideal para famílias ativas.",
  },
  {
    id: 21, owner: "focinho", status: "adocao", name: "Sol", type: "ave", breed: "Periquito-australiano",
    age: "1 ano", gender: "Macho", size: "Pequeno", color: "Verde e amarelo",
    temperament: "Cantador e sociável", flags: [0, 0, 1, 1],
    location: "Batel, Curitiba - PR", image: "pets/ave-01.webp", daysAgo: 10, hour: 15,
    notes: "Periquito resgatado de uma apreensão de comércio irregular. Acompanha gaiola ampla e orientação sobre alimentação. Doação apenas para quem já tem experiência com aves.",
  },
  {
    id: 22, owner: "sosbichos", status: "adocao", name: "Brisa", type: "cachorro", breed: "Labrador",
    age: "6 anos", gender: "Fêmea", size: "Grande", color: "Amarela",
    temperament: "Calma, ótima companhia para idosos", flags: [1, 1, 1, 1],
    location: "Menino Deus, Porto Alegre - RS", image: "pets/cachorro-04.webp", daysAgo: 12, hour: 10,
    notes: "Brisa foi resgatada durante as enchentes e nunca mais foi procurada pela família. É super tranquila, anda bem na guia e adora deitar aos pés das pessoas.",
  },
  {
    id: 23, owner: "amigobicho", status: "adocao", name: "Tapioca", type: "gato", breed: "SRD",
    age: "2 anos", gender: "Fêmea", size: "Pequeno", color: "Cinza rajada",
    temperament: "Curiosa e independente", flags: [1, 1, 1, 0],
    location: "Casa Forte, Recife - PE", image: "pets/gato-03.webp", daysAgo: 15, hour: 16,
    notes: "Tapioca prefere ser a única gata da casa, mas é muito carinhosa com as pessoas. Castrada, vacinada e vermifugada.",
  },
  {
    id: 24, owner: "patinhas", status: "adocao", name: "Biscoito", type: "roedor", breed: "Hamster sírio",
    age: "5 meses", gender: "Macho", size: "Pequeno", color: "Caramelo e branco",
    temperament: "Dócil, acostumado a ser manuseado", flags: [0, 0, 1, 0],
    location: "Santana, São Paulo - SP", image: "pets/roedor-01.webp", daysAgo: 18, hour: 13,
    notes: "Biscoito foi deixado em uma caixa na porta de uma clínica parceira. Vai com gaiola, rodinha e um pacote de ração. Ótimo primeiro pet para crianças, com supervisão de um adulto.",
  },
  {
    id: 25, owner: "quatropatas", status: "adocao", name: "Tom", type: "gato", breed: "Persa",
    age: "9 anos", gender: "Macho", size: "Médio", color: "Branco",
    temperament: "Sereno e carinhoso", flags: [1, 1, 1, 1],
    location: "Méier, Rio de Janeiro - RJ", image: "pets/gato-04.webp", daysAgo: 21, hour: 11,
    notes: "Tom é um senhor persa que perdeu a tutora. Precisa de escovação frequente e ração para idosos. Merece passar a melhor idade em um lar cheio de amor.",
  },
  {
    id: 26, owner: "helena", status: "adocao", name: "Princesa", type: "cachorro", breed: "Poodle",
    age: "5 anos", gender: "Fêmea", size: "Pequeno", color: "Preta",
    temperament: "Dengosa e companheira", flags: [1, 1, 1, 1],
    location: "Buritis, Belo Horizonte - MG", image: "pets/cachorro-02.webp", daysAgo: 25, hour: 18,
    notes: "Princesa foi resgatada de um canil clandestino. Já está recuperada, castrada e com vacinas em dia. Adaptada a apartamento e faz as necessidades no tapete higiênico.",
  },
  {
    id: 27, owner: "miau", status: "adocao", name: "Frida", type: "gato", breed: "Siamês",
    age: "1 ano", gender: "Fêmea", size: "Pequeno", color: "Creme com máscara marrom",
    temperament: "Conversadeira e grudada nos humanos", flags: [1, 1, 1, 1],
    location: "Barra, Salvador - BA", image: "pets/gato-05.webp", extra: ["pets/gato-05-rosto.webp"],
    youtube: YT, daysAgo: 30, hour: 14,
    notes: "Frida mia para conversar o tempo todo e segue a gente pela casa. Ideal para quem trabalha em casa. Adoção com entrevista e visita ao novo lar.",
  },
  {
    id: 28, owner: "fernanda", status: "adocao", name: "Jabuti Seu Lento", type: "reptil", breed: "Jabuti-piranga",
    age: "12 anos", gender: "Macho", size: "Médio", color: "Marrom com manchas",
    temperament: "Tranquilo, adora frutas", flags: [0, 0, 1, 1],
    location: "Santa Felicidade, Curitiba - PR", image: "pets/reptil-01.webp", daysAgo: 36, hour: 10,
    notes: "Vou me mudar para o exterior e procuro um lar responsável para o Seu Lento. Possui nota fiscal de criadouro autorizado pelo IBAMA, que será transferida ao adotante.",
  },
  {
    id: 29, owner: "voluntariosbem", status: "adocao", name: "Marley", type: "cachorro", breed: "Husky Siberiano",
    age: "2 anos", gender: "Macho", size: "Grande", color: "Cinza e branco",
    temperament: "Energético, precisa de muito exercício", flags: [1, 1, 1, 1],
    location: "Sudoeste, Brasília - DF", image: "pets/cachorro-05.webp", daysAgo: 43, hour: 17,
    notes: "Marley foi devolvido por uma família que não tinha tempo para ele. É lindo, saudável e muito amoroso, mas precisa de passeios longos todos os dias e casa com espaço.",
  },
  {
    id: 30, owner: "sosbichos", status: "adocao", name: "Pretinha", type: "gato", breed: "SRD",
    age: "3 anos", gender: "Fêmea", size: "Pequeno", color: "Preta",
    temperament: "Tímida no começo, depois vira um chiclete", flags: [1, 1, 0, 1],
    location: "Moinhos de Vento, Porto Alegre - RS", image: "pets/gato-02.webp", daysAgo: 52, hour: 12,
    notes: "Gatos pretos são os últimos a serem adotados. Dê uma chance à Pretinha: ela é saudável, castrada e vai encher sua casa de ronronados.",
  },

  // ---------------- encontrado (9)
  {
    id: 31, owner: "bruno", status: "encontrado", name: "Cãozinho de coleira azul", type: "cachorro", breed: "Vira-lata",
    age: "Cerca de 2 anos", gender: "Macho", size: "Médio", color: "Caramelo",
    temperament: "Manso, parece acostumado com casa", flags: [0, 0, 1, 1],
    location: "Copacabana, Rio de Janeiro - RJ", image: "pets/cachorro-01.webp", daysAgo: 1, hour: 19,
    notes: "Encontrei este cachorro andando sozinho na Rua Barata Ribeiro, perto do Posto 4. Está com coleira azul sem plaquinha. Está seguro comigo até o tutor aparecer.",
  },
  {
    id: 32, owner: "maria", status: "encontrado", name: "Gatinha tricolor", type: "gato", breed: "SRD",
    age: "Filhote", gender: "Fêmea", size: "Pequeno", color: "Laranja e branca",
    temperament: "Assustada, mas aceita comida", flags: [0, 0, 0, 0],
    location: "Moema, São Paulo - SP", image: "pets/gato-01.webp", daysAgo: 4, hour: 8,
    notes: "Achei essa filhotinha chorando embaixo de um carro na Alameda dos Arapanés. Está bem, foi levada ao veterinário. Se for sua, entre em contato; se ninguém aparecer, vai para adoção.",
  },
  {
    id: 33, owner: "ana", status: "encontrado", name: "Labrador na Savassi", type: "cachorro", breed: "Labrador",
    age: "Adulto", gender: "Macho", size: "Grande", color: "Amarelo",
    temperament: "Dócil e bem cuidado", flags: [1, 0, 1, 1],
    location: "Funcionários, Belo Horizonte - MG", image: "pets/cachorro-04.webp", daysAgo: 9, hour: 21,
    notes: "Labrador encontrado na Praça da Liberdade, muito bem cuidado e castrado. Tem microchip, mas o cadastro está desatualizado. Procuramos o tutor!",
  },
  {
    id: 34, owner: "rafael", status: "encontrado", name: "Periquito verde", type: "ave", breed: "Periquito-australiano",
    age: "Não informado", gender: "Macho", size: "Pequeno", color: "Verde e amarelo",
    temperament: "Manso, subiu no dedo", flags: [0, 0, 0, 0],
    location: "Pituba, Salvador - BA", image: "pets/ave-01.webp", daysAgo: 13, hour: 7,
    notes: "Pousou na varanda do meu apartamento e não quis ir embora. Claramente é de alguém, pois é muito manso. Está numa gaiola provisória com água e alpiste.",
  },
  {
    id: 35, owner: "lucas", status: "encontrado", name: "Vira-lata preto", type: "cachorro", breed: "SRD",
    age: "Cerca de 5 anos", gender: "Macho", size: "Grande", color: "Preto com peito branco",
    temperament: "Calmo e educado, anda bem na guia", flags: [0, 0, 1, 1],
    location: "Menino Deus, Porto Alegre - RS", image: "pets/cachorro-02.webp", daysAgo: 19, hour: 18,
    notes: "Encontrado perto do Parque Marinha do Brasil. Estava magro e com sede, mas é muito dócil. Está em lar temporário aguardando o tutor.",
  },
  {
    id: 36, owner: "juliana", status: "encontrado", name: "Gato cinza de olhos verdes", type: "gato", breed: "SRD",
    age: "Adulto", gender: "Macho", size: "Médio", color: "Cinza rajado",
    temperament: "Sociável, pede carinho", flags: [1, 0, 1, 0],
    location: "Graças, Recife - PE", image: "pets/gato-03.webp", daysAgo: 26, hour: 20,
    notes: "Apareceu no condomínio na Rua das Graças e está castrado, então provavelmente tem dono. Estou cuidando dele por enquanto.",
  },
  {
    id: 37, owner: "carlos", status: "encontrado", name: "Shih Tzu de lacinho", type: "cachorro", breed: "Shih Tzu",
    age: "Adulta", gender: "Fêmea", size: "Pequeno", color: "Branca e bege",
    temperament: "Carinhosa e tranquila", flags: [0, 0, 1, 1],
    location: "Asa Sul, Brasília - DF", image: "pets/cachorro-03.webp", daysAgo: 34, hour: 12,
    notes: "Encontrada na entrequadra 108/109 Sul, com lacinho rosa e tosa recente. Deve ter fugido de algum pet shop ou casa próxima.",
  },
  {
    id: 38, owner: "patricia", status: "encontrado", name: "Coelhinho branco", type: "outros", breed: "Coelho",
    age: "Jovem", gender: "Fêmea", size: "Pequeno", color: "Branco",
    temperament: "Assustado, mas se acalma no colo", flags: [0, 0, 0, 0],
    location: "Perdizes, São Paulo - SP", image: "pets/coelho-01.webp", daysAgo: 41, hour: 9,
    notes: "Encontrado pulando na calçada da Rua Cardoso de Almeida. Está em uma caixa de transporte aqui em casa, com feno e água.",
  },
  {
    id: 39, owner: "fernanda", status: "encontrado", name: "Husky no parque", type: "cachorro", breed: "Husky Siberiano",
    age: "Jovem", gender: "Fêmea", size: "Grande", color: "Cinza e branca",
    temperament: "Agitada e amigável", flags: [0, 1, 1, 1],
    location: "Barigui, Curitiba - PR", image: "pets/cachorro-05.webp", daysAgo: 49, hour: 16,
    notes: "Encontrada correndo sozinha no Parque Barigui, com coleira vermelha sem identificação. Está bem e alimentada.",
  },

  // ---------------- avistado (9)
  {
    id: 40, owner: "maria", status: "avistado", name: "Caramelo no Ibirapuera", type: "cachorro", breed: "Vira-lata",
    age: "Adulto", gender: "Macho", size: "Médio", color: "Caramelo",
    temperament: "Desconfiado, não deixa chegar perto", flags: [0, 0, 0, 0],
    location: "Moema, São Paulo - SP", image: "pets/cachorro-01.webp", daysAgo: 2, hour: 7,
    notes: "Vi um cachorro caramelo com coleira vermelha perto do Portão 3 do Parque Ibirapuera, às 7h. Parecia perdido e assustado. Pode ser o Thor anunciado aqui no site?",
  },
  {
    id: 41, owner: "joao", status: "avistado", name: "Gato preto na Tijuca", type: "gato", breed: "SRD",
    age: "Adulto", gender: "Macho", size: "Pequeno", color: "Preto",
    temperament: "Arisco", flags: [0, 0, 0, 0],
    location: "Tijuca, Rio de Janeiro - RJ", image: "pets/gato-02.webp", daysAgo: 6, hour: 23,
    notes: "Gato preto magrinho, com coleira de guizo, visto várias noites seguidas perto da Praça Saens Peña. Quem souber do dono, avise.",
  },
  {
    id: 42, owner: "ana", status: "avistado", name: "Calopsita na praça", type: "ave", breed: "Calopsita",
    age: "Não informado", gender: "Fêmea", size: "Pequeno", color: "Cinza e amarela",
    temperament: "Assobiando bastante", flags: [0, 0, 0, 0],
    location: "Santa Tereza, Belo Horizonte - MG", image: "pets/ave-02.webp", daysAgo: 10, hour: 17,
    notes: "Uma calopsita cinza está pousando nas árvores da Praça Duque de Caxias no fim da tarde. Parece mansa, alguém perdeu?",
  },
  {
    id: 43, owner: "rafael", status: "avistado", name: "Cachorro preto na orla", type: "cachorro", breed: "SRD",
    age: "Adulto", gender: "Macho", size: "Grande", color: "Preto",
    temperament: "Amigável, pede comida", flags: [0, 0, 0, 0],
    location: "Barra, Salvador - BA", image: "pets/cachorro-02.webp", daysAgo: 16, hour: 6,
    notes: "Cachorro grande preto com mancha branca no peito visto perto do Farol da Barra de manhã cedo. Parece o Dengo anunciado como perdido no Rio Vermelho.",
  },
  {
    id: 44, owner: "bruno", status: "avistado", name: "Golden na Quinta", type: "cachorro", breed: "Golden Retriever",
    age: "Adulto", gender: "Fêmea", size: "Grande", color: "Dourado",
    temperament: "Dócil", flags: [0, 0, 0, 0],
    location: "São Cristóvão, Rio de Janeiro - RJ", image: "pets/cachorro-04.webp", daysAgo: 22, hour: 15,
    notes: "Vi uma golden com coleira azul andando sozinha na Quinta da Boa Vista. Tentei me aproximar, mas ela correu para o lado do zoológico.",
  },
  {
    id: 45, owner: "lucas", status: "avistado", name: "Pinscher na Redenção", type: "cachorro", breed: "Pinscher",
    age: "Adulto", gender: "Macho", size: "Pequeno", color: "Marrom",
    temperament: "Muito assustado", flags: [0, 0, 0, 0],
    location: "Farroupilha, Porto Alegre - RS", image: "pets/cachorro-06.webp", daysAgo: 28, hour: 11,
    notes: "Pinscher marrom com coleira verde visto no Parque da Redenção, perto do chafariz. Fugiu quando chamei.",
  },
  {
    id: 46, owner: "juliana", status: "avistado", name: "Gatinha siamesa no condomínio", type: "gato", breed: "Siamês",
    age: "Jovem", gender: "Fêmea", size: "Pequeno", color: "Creme e marrom",
    temperament: "Sociável", flags: [0, 0, 0, 0],
    location: "Boa Viagem, Recife - PE", image: "pets/gato-05.webp", daysAgo: 37, hour: 19,
    notes: "Uma siamesa de olhos azuis aparece todo fim de tarde no estacionamento do meu prédio, na Rua Ernesto de Paula Santos. Parece bem cuidada.",
  },
  {
    id: 47, owner: "carlos", status: "avistado", name: "Husky no Parque da Cidade", type: "cachorro", breed: "Husky Siberiano",
    age: "Adulto", gender: "Macho", size: "Grande", color: "Cinza e branco",
    temperament: "Agitado", flags: [0, 0, 0, 0],
    location: "Asa Sul, Brasília - DF", image: "pets/cachorro-05.webp", daysAgo: 44, hour: 7,
    notes: "Husky com olhos de cores diferentes correndo no Parque da Cidade, perto do estacionamento 10. Pode ser o Zeus que sumiu em Águas Claras.",
  },
  {
    id: 48, owner: "patricia", status: "avistado", name: "Gato laranja no metrô", type: "gato", breed: "SRD",
    age: "Filhote", gender: "Macho", size: "Pequeno", color: "Laranja",
    temperament: "Muito novinho, mia bastante", flags: [0, 0, 0, 0],
    location: "Tatuapé, São Paulo - SP", image: "pets/gato-01.webp", daysAgo: 57, hour: 18,
    notes: "Filhote laranja visto na saída do Metrô Tatuapé, lado do shopping. Está sozinho há dois dias, os seguranças estão dando água.",
  },
];

// ---------------------------------------------------------------------------------------
// Products (price in centavos). Pet Shop Amigo Fiel is on the Basic plan with exactly 5
// products (its limit: a 6th is refused); VetVida is Premium and has more.
// ---------------------------------------------------------------------------------------
const AMIGO = {
  owner: "amigofiel",
  location: "Moema, São Paulo - SP",
  contact: "(11) 97777-1234",
  social: { instagram: "@petshopamigo", facebook: "facebook.com/petshopamigofiel" },
  website: "www.petshopamigo.com.br",
};
const VETVIDA = {
  owner: "vetvida",
  contact: "(11) 4003-8822",
  social: { instagram: "@vetvida.oficial", facebook: "facebook.com/vetvidasaudeanimal" },
  website: "https://www.vetvida.com.br",
};

export const PRODUCTS = [
  {
    id: 1, ...AMIGO, title: "Ração Premium Cães Adultos Raças Médias 15 kg", category: "alimentacao", price: 18990,
    homeDelivery: true, image: "products/racao.webp", extra: ["products/comedouro.webp"], daysAgo: 2,
    description: "Ração super premium com frango e arroz, sem corantes artificiais. Rica em ômega 3 e 6 para pelagem brilhante e com prebióticos que ajudam na digestão. Entrega grátis em Moema e Vila Olímpia para compras acima de R$ 150,00.",
  },
  {
    id: 2, ...VETVIDA, location: "Vila Mariana, São Paulo - SP", title: "Sachê para Gatos Castrados Salmão - Caixa com 12", category: "alimentacao", price: 3490,
    homeDelivery: true, image: "products/comedouro.webp", daysAgo: 9,
    description: "Alimento úmido completo para gatos adultos castrados, sabor salmão ao molho. Ajuda na hidratação e no controle de peso. Caixa com 12 sachês de 85 g.",
  },
  {
    id: 3, ...AMIGO, title: "Coleira Peitoral Ajustável com Guia Refletiva", category: "acessorios", price: 8990,
    homeDelivery: true, image: "products/coleira.webp", daysAgo: 4,
    description: "Peitoral acolchoado que não aperta o pescoço, com faixas refletivas para passeios noturnos e guia de 1,5 m. Disponível nos tamanhos P, M e G, nas cores vermelha, azul e rosa.",
  },
  {
    id: 4, ...VETVIDA, location: "Moema, São Paulo - SP", title: "Plaquinha de Identificação com QR Code", category: "acessorios", price: 3990,
    homeDelivery: true, image: "products/coleira.webp", daysAgo: 15,
    description: "Pingente em aço inox gravado a laser com o nome do pet e um QR Code que leva aos seus contatos. Essencial para que seu pet volte para casa se fugir. Gravação pronta em 24 horas.",
  },
  {
    id: 5, ...AMIGO, title: "Kit Mordedores Resistentes - 3 Unidades", category: "brinquedos", price: 4590,
    homeDelivery: false, image: "products/brinquedo.webp", daysAgo: 6,
    description: "Kit com osso de nylon, bolinha de borracha maciça e corda de algodão. Ideal para cães que adoram roer: ajuda na limpeza dos dentes e combate o tédio.",
  },
  {
    id: 6, ...VETVIDA, location: "Pinheiros, São Paulo - SP", title: "Bolinha Interativa Dispensadora de Petiscos", category: "brinquedos", price: 2990,
    homeDelivery: true, image: "products/brinquedo.webp", daysAgo: 27,
    description: "Bolinha que libera petiscos conforme o pet brinca, estimulando o faro e a inteligência. Atóxica e fácil de lavar. Serve para cães e gatos.",
  },
  {
    id: 7, ...AMIGO, title: "Shampoo Neutro Hipoalergênico 500 ml", category: "higiene", price: 3290,
    homeDelivery: true, image: "products/higiene.webp", daysAgo: 11,
    description: "Shampoo suave com pH balanceado, sem perfume, indicado para peles sensíveis e filhotes a partir de 3 meses. Com aloe vera e aveia.",
  },
  {
    id: 8, ...VETVIDA, location: "Tijuca, Rio de Janeiro - RJ", title: "Tapete Higiênico Super Absorvente - 30 Unidades", category: "higiene", price: 6990,
    homeDelivery: true, image: "products/higiene.webp", daysAgo: 20,
    description: "Tapete 60 x 60 cm com gel superabsorvente que neutraliza odores e atrativo para ajudar no treino do filhote. Pacote com 30 unidades.",
  },
  {
    id: 9, ...AMIGO, title: "Banho e Tosa com Leva e Traz", category: "servicos", price: 7000,
    homeDelivery: true, image: "products/banho-tosa.webp", daysAgo: 1,
    description: "Banho com produtos hipoalergênicos, tosa higiênica, corte de unhas e limpeza de ouvidos. Buscamos e levamos seu pet em casa, em um raio de 5 km da loja. Preço para cães de porte pequeno; consulte valores para médio e grande.",
  },
  {
    id: 10, ...VETVIDA, location: "Lourdes, Belo Horizonte - MG", title: "Caminha Redonda Antiestresse Tamanho M", category: "outros", price: 14990,
    homeDelivery: true, image: "products/caminha.webp", daysAgo: 33,
    description: "Caminha de pelúcia com bordas altas que dão sensação de aconchego e segurança. Capa removível e lavável na máquina. Diâmetro de 70 cm, para cães e gatos de até 15 kg.",
  },
  {
    id: 11, ...VETVIDA, location: "Vila Mariana, São Paulo - SP", title: "Antipulgas e Carrapatos Mastigável para Cães de 10 a 20 kg",
    category: "medicamentos", price: 14990, homeDelivery: true, image: "products/medicamento.webp", daysAgo: 5,
    description: "Comprimido mastigável sabor carne com proteção de até 12 semanas contra pulgas e carrapatos. Venda com orientação de um médico-veterinário da nossa equipe.",
  },
  {
    id: 12, ...VETVIDA, location: "Botafogo, Rio de Janeiro - RJ", title: "Vermífugo Oral para Cães e Gatos - 4 Comprimidos",
    category: "medicamentos", price: 3990, homeDelivery: true, image: "products/medicamento.webp", daysAgo: 18,
    description: "Vermífugo de amplo espectro, eficaz contra vermes redondos e chatos. Dose conforme o peso do animal; nossos veterinários tiram dúvidas pelo WhatsApp.",
  },
  {
    id: 13, ...VETVIDA, location: "Savassi, Belo Horizonte - MG", title: "Consulta Veterinária a Domicílio",
    category: "servicos", price: 18000, homeDelivery: true, image: "products/banho-tosa.webp", daysAgo: 8,
    description: "Consulta clínica geral no conforto da sua casa, ideal para pets idosos, gatos estressados e tutores com mais de um animal. Atendimento de segunda a sábado, com agendamento prévio.",
  },
  {
    id: 14, ...VETVIDA, location: "Asa Sul, Brasília - DF", title: "Pacote de Vacinação Anual (V10 + Antirrábica)",
    category: "servicos", price: 24900, homeDelivery: false, image: "products/medicamento.webp", daysAgo: 24,
    description: "Pacote com vacina polivalente V10 e antirrábica, aplicadas por médico-veterinário, com carteira de vacinação atualizada e avaliação clínica inclusa.",
  },
  {
    id: 15, ...VETVIDA, location: "Água Verde, Curitiba - PR", title: "Ração Terapêutica Renal para Gatos 1,5 kg",
    category: "alimentacao", price: 12490, homeDelivery: true, image: "products/racao.webp", daysAgo: 40,
    description: "Alimento coadjuvante para gatos com doença renal crônica, com fósforo reduzido e proteína de alta qualidade. Uso sob prescrição veterinária.",
  },
  {
    id: 16, ...VETVIDA, location: "Boa Viagem, Recife - PE", title: "Colar Elisabetano Macio Pós-Cirúrgico",
    category: "outros", price: 5490, homeDelivery: true, image: "products/caminha.webp", daysAgo: 50,
    description: "Colar de tecido acolchoado, mais confortável que o de plástico, que impede o pet de lamber pontos e feridas. Fecho em velcro, tamanhos PP ao GG.",
  },
];

// ---------------------------------------------------------------------------------------
// Organizations: at most one per NGO user (julia has none: the dashboard invites her).
// ---------------------------------------------------------------------------------------
export const ORGANIZATIONS = [
  {
    id: 1, owner: "patinhas", name: "ONG Patinhas Felizes", type: "ong", actionArea: "multipla",
    whatsapp: "(11) 99876-5432", email: "contato@patinhasfelizes.org.br", website: "www.patinhasfelizes.org.br",
    social: { instagram: "@patinhasfelizes", facebook: "facebook.com/ongpatinhasfelizes" },
    location: "Vila Mariana, São Paulo - SP", image: "organizations/coracao-patinha.webp", youtube: YT, daysAgo: 58,
    gallery: ["pets/cachorro-01.webp", "pets/gato-04.webp", "pets/roedor-01.webp"],
    description: "A ONG Patinhas Felizes nasceu em 2016, quando um grupo de vizinhos da Vila Mariana se juntou para cuidar de uma cadela abandonada com seus filhotes. Hoje resgatamos cerca de 30 animais por mês, oferecemos tratamento veterinário, castração e vacinação e encaminhamos todos para adoção responsável.\n\nMantemos uma rede de 40 lares temporários e realizamos feiras de adoção todos os sábados. Você pode ajudar sendo voluntário, lar temporário, padrinho de um animal ou doando ração e medicamentos.",
  },
  {
    id: 2, owner: "quatropatas", name: "Abrigo Quatro Patas", type: "abrigo", actionArea: "resgate",
    whatsapp: "(21) 99521-3040", email: "contato@abrigoquatropatas.org.br", website: "abrigoquatropatas.org.br",
    social: { instagram: "@abrigoquatropatas", facebook: "facebook.com/abrigoquatropatasrj" },
    location: "Jacarepaguá, Rio de Janeiro - RJ", image: "organizations/abrigo.webp", daysAgo: 52,
    gallery: ["pets/cachorro-04.webp", "pets/gato-04.webp"],
    description: "Abrigo sem fins lucrativos que acolhe mais de 120 cães e gatos resgatados de maus-tratos e abandono na Zona Oeste do Rio. Contamos com canil, gatil, área de soltura e atendimento veterinário semanal.\n\nAs visitas acontecem aos sábados, das 9h às 16h. Precisamos sempre de ração, areia, cobertores e voluntários para passeios.",
  },
  {
    id: 3, owner: "helena", name: "Helena Martins – Protetora Independente", type: "protetor", actionArea: "castracao",
    whatsapp: "(31) 98844-2107", email: "helena.protetora@exemplo.com.br", website: null,
    social: { instagram: "@helena.protetora" },
    location: "Pampulha, Belo Horizonte - MG", image: "organizations/medalha.webp", daysAgo: 51,
    description: "Sou protetora independente há 15 anos e já ajudei a castrar mais de 2.000 animais de rua em Belo Horizonte. Organizo mutirões de castração a preço popular em parceria com clínicas da região e cuido de cães resgatados até que encontrem um lar.\n\nToda ajuda é bem-vinda: doações para as castrações, caronas solidárias e divulgação dos animais para adoção.",
  },
  {
    id: 4, owner: "voluntariosbem", name: "Voluntários do Bem Animal", type: "voluntario", actionArea: "alimentacao",
    whatsapp: "(61) 99933-7150", email: "contato@voluntariosdobem.org.br", website: "www.voluntariosdobem.org.br",
    social: { instagram: "@voluntariosdobemanimal", facebook: "facebook.com/voluntariosdobemanimal" },
    location: "Taguatinga, Brasília - DF", image: "organizations/voluntarios.webp", daysAgo: 48,
    gallery: ["pets/cachorro-03.webp", "pets/cachorro-05.webp"],
    description: "Somos mais de 60 voluntários que alimentam diariamente colônias de cães e gatos em Taguatinga, Ceilândia e no Plano Piloto. Também levamos os animais para castração e vacinação e buscamos adotantes para os filhotes.\n\nDistribuímos cerca de 800 kg de ração por mês, tudo vindo de doações. Junte-se a nós nas rotas de alimentação de sábado de manhã!",
  },
  {
    id: 5, owner: "focinho", name: "Instituto Focinho Gelado", type: "ong", actionArea: "saude",
    whatsapp: "(41) 99150-6688", email: "contato@focinhogelado.org.br", website: "https://focinhogelado.org.br",
    social: { instagram: "@focinhogelado", facebook: "facebook.com/institutofocinhogelado" },
    location: "Rebouças, Curitiba - PR", image: "organizations/coracao-patinha.webp", daysAgo: 47,
    description: "O Instituto Focinho Gelado leva atendimento veterinário acessível a famílias de baixa renda de Curitiba e região metropolitana. Realizamos consultas solidárias, mutirões de vacinação antirrábica e campanhas de prevenção a doenças como cinomose e FeLV.\n\nTrabalhamos com veterinários voluntários e estudantes de medicina veterinária, sempre com supervisão profissional.",
  },
  {
    id: 6, owner: "sosbichos", name: "SOS Bichos Porto Alegre", type: "ong", actionArea: "resgate",
    whatsapp: "(51) 99702-1934", email: "contato@sosbichospoa.org.br", website: "www.sosbichospoa.org.br",
    social: { instagram: "@sosbichospoa", facebook: "facebook.com/sosbichospoa" },
    location: "Menino Deus, Porto Alegre - RS", image: "organizations/abrigo.webp", daysAgo: 45,
    gallery: ["pets/cachorro-04.webp", "pets/gato-02.webp", "pets/cachorro-02.webp"],
    description: "Atuamos no resgate de animais em situação de risco: atropelados, abandonados, vítimas de maus-tratos e de desastres como as enchentes de 2024, quando resgatamos mais de 900 animais.\n\nDepois do resgate, cuidamos da recuperação e buscamos famílias responsáveis. Denúncias de maus-tratos podem ser enviadas pelo nosso WhatsApp.",
  },
  {
    id: 7, owner: "miau", name: "Lar Temporário Miau", type: "protetor", actionArea: "adocao",
    whatsapp: "(71) 99288-4416", email: "contato@lartemporariomiau.org.br", website: null,
    social: { instagram: "@lartemporariomiau" },
    location: "Pituba, Salvador - BA", image: "organizations/medalha.webp", daysAgo: 41,
    gallery: ["pets/gato-01.webp", "pets/gato-05.webp"],
    description: "Rede de lares temporários especializada em gatos. Resgatamos filhotes e adultos das ruas de Salvador, castramos, vacinamos, testamos para FIV/FeLV e só então encaminhamos para adoção responsável, com entrevista e acompanhamento.\n\nQuer ser lar temporário? Nós fornecemos ração, areia e todo o suporte veterinário.",
  },
  {
    id: 8, owner: "amigobicho", name: "Projeto Amigo Bicho", type: "ong", actionArea: "educacao",
    whatsapp: "(81) 99456-3021", email: "contato@amigobicho.org.br", website: "amigobicho.org.br",
    social: { instagram: "@projetoamigobicho", facebook: "facebook.com/projetoamigobicho" },
    location: "Casa Forte, Recife - PE", image: "organizations/voluntarios.webp", daysAgo: 40,
    description: "O Projeto Amigo Bicho leva palestras e oficinas sobre guarda responsável, castração e prevenção de zoonoses a escolas públicas do Recife. Desde 2018, já conversamos com mais de 15 mil estudantes.\n\nTambém promovemos feiras de adoção mensais em parceria com protetores da cidade.",
  },
];

// ---------------------------------------------------------------------------------------
// Clinics with their veterinarians. Only Premium companies list clinics (docs/decisions/0015),
// so every clinic belongs to VetVida; the basic Pet Shop Amigo Fiel has none.
// ---------------------------------------------------------------------------------------
export const CLINICS = [
  {
    id: 1, owner: "vetvida", name: "Clínica Veterinária VetVida Vila Mariana", category: "clinica",
    location: "São Paulo, SP", address: "Rua Domingos de Morais, 1450 - Vila Mariana, São Paulo - SP, 04010-100",
    phone: "(11) 3571-2200", email: "vilamariana@vetvida.com.br", whatsapp: "(11) 98120-4455", website: "https://www.vetvida.com.br/vila-mariana",
    specialties: ["Clínica geral", "Dermatologia", "Cardiologia"],
    services: ["Consultas", "Vacinação", "Exames laboratoriais", "Ultrassonografia", "Castração"],
    openHours: "Seg a Sex, 8h às 20h; Sáb, 8h às 14h", parking: true, homeService: true,
    image: "clinics/clinica-predio.webp", social: { instagram: "@vetvida.vilamariana", facebook: "facebook.com/vetvidasaudeanimal" }, daysAgo: 55,
    description: "Clínica completa a dois quarteirões do metrô Santa Cruz, com consultórios separados para cães e gatos, laboratório próprio e centro cirúrgico. Atendimento humanizado e sem pressa.",
    vets: [
      ["Dra. Ana Paula Souza", "Clínica geral"],
      ["Dr. Ricardo Tanaka", "Cardiologia"],
      ["Dra. Camila Ferreira", "Dermatologia"],
    ],
  },
  {
    id: 2, owner: "vetvida", name: "Hospital Veterinário VetVida 24h Botafogo", category: "hospital",
    location: "Rio de Janeiro, RJ", address: "Rua Voluntários da Pátria, 310 - Botafogo, Rio de Janeiro - RJ, 22270-010",
    phone: "(21) 2539-8800", email: "botafogo@vetvida.com.br", whatsapp: "(21) 99870-1122", website: "https://www.vetvida.com.br/botafogo",
    specialties: ["Emergência e terapia intensiva", "Ortopedia", "Oncologia"],
    services: ["Pronto-socorro 24 horas", "Internação", "Cirurgias", "Raio-X digital", "Tomografia", "Banco de sangue"],
    openHours: "Todos os dias, 24 horas", parking: true, homeService: false,
    image: "clinics/cruz-patinha.webp", social: { instagram: "@vetvida.rio", facebook: "facebook.com/vetvidarj" }, daysAgo: 50,
    description: "Hospital veterinário 24 horas com UTI, centro cirúrgico completo e equipe de plantão todos os dias do ano, inclusive feriados.",
    vets: [
      ["Dr. Marcelo Azevedo", "Emergência e terapia intensiva"],
      ["Dra. Juliana Brandão", "Ortopedia"],
    ],
  },
  {
    id: 3, owner: "vetvida", name: "VetVida Consultório Savassi", category: "consultorio",
    location: "Belo Horizonte, MG", address: "Rua Pernambuco, 1077, sala 302 - Savassi, Belo Horizonte - MG, 30130-151",
    phone: "(31) 3261-4590", email: "savassi@vetvida.com.br", whatsapp: "(31) 99411-2780", website: null,
    specialties: ["Clínica geral", "Comportamento animal"],
    services: ["Consultas com hora marcada", "Vacinação", "Microchipagem", "Atestado para viagem"],
    openHours: "Seg a Sex, 9h às 18h", parking: false, homeService: true,
    image: "clinics/estetoscopio.webp", social: { instagram: "@vetvida.bh" }, daysAgo: 44,
    description: "Consultório aconchegante para consultas com hora marcada, sem sala de espera cheia. Especialistas em comportamento para pets ansiosos ou reativos.",
    vets: [["Dra. Luiza Campos", "Comportamento animal"]],
  },
  {
    id: 4, owner: "vetvida", name: "Centro de Especialidades VetVida Asa Sul", category: "especialidade",
    location: "Brasília, DF", address: "SHCS CR 510, Bloco A, Loja 25 - Asa Sul, Brasília - DF, 70360-510",
    phone: "(61) 3245-6712", email: "asasul@vetvida.com.br", whatsapp: "(61) 99812-3300", website: "https://www.vetvida.com.br/brasilia",
    specialties: ["Oftalmologia", "Dermatologia", "Endocrinologia", "Odontologia"],
    services: ["Consultas especializadas", "Cirurgia de catarata", "Tratamento dentário", "Exames de imagem"],
    openHours: "Seg a Sex, 8h às 19h; Sáb, 8h às 12h", parking: true, homeService: false,
    image: "clinics/clinica-predio.webp", social: { instagram: "@vetvida.df", facebook: "facebook.com/vetvidadf" }, daysAgo: 38,
    description: "Centro de referência em especialidades veterinárias no Distrito Federal, que recebe encaminhamentos de clínicas de todo o Centro-Oeste.",
    vets: [
      ["Dr. Felipe Nogueira", "Oftalmologia"],
      ["Dra. Renata Vasconcelos", "Endocrinologia"],
      ["Dr. Gustavo Lins", "Odontologia veterinária"],
    ],
  },
  {
    id: 5, owner: "vetvida", name: "VetVida Pet Shop Moema – Banho, Tosa e Veterinário", category: "petshop",
    location: "São Paulo, SP", address: "Av. Ibirapuera, 2120 - Moema, São Paulo - SP, 04028-001",
    phone: "(11) 3456-7891", email: "moema@vetvida.com.br", whatsapp: "(11) 97777-4321", website: "www.vetvida.com.br/moema",
    specialties: ["Clínica geral"],
    services: ["Banho e tosa", "Consultas", "Vacinação", "Leva e traz", "Hospedagem"],
    openHours: "Seg a Sáb, 8h às 19h; Dom, 9h às 13h", parking: false, homeService: true,
    image: "clinics/cruz-patinha.webp", social: { instagram: "@vetvida.moema" }, daysAgo: 30,
    description: "Além do pet shop, contamos com um consultório veterinário para consultas de rotina e vacinação, e uma equipe de banho e tosa com mais de 10 anos de experiência.",
    vets: [["Dr. Paulo Henrique Lima", "Clínica geral"]],
  },
  {
    id: 6, owner: "vetvida", name: "VetVida Felinos Curitiba", category: "especialidade",
    location: "Curitiba, PR", address: "Rua Brigadeiro Franco, 2300 - Rebouças, Curitiba - PR, 80250-030",
    phone: "(41) 3333-7788", email: "felinos@vetvida.com.br", whatsapp: "(41) 99620-5511", website: "https://www.vetvida.com.br/felinos",
    specialties: ["Medicina felina", "Nefrologia", "Nutrição"],
    services: ["Consultas exclusivas para gatos", "Internação felina", "Exames de sangue", "Ultrassonografia", "Castração"],
    openHours: "Seg a Sex, 8h às 18h; Sáb, 9h às 13h", parking: true, homeService: true,
    image: "clinics/estetoscopio.webp", social: { instagram: "@vetvida.felinos" }, daysAgo: 26,
    description: "Clínica exclusiva para gatos, com certificação Cat Friendly: ambiente silencioso, sem cheiro de cachorro e manejo gentil para reduzir o estresse do seu felino.",
    vets: [
      ["Dra. Mariana Kowalski", "Medicina felina"],
      ["Dr. André Schmidt", "Nefrologia"],
    ],
  },
  {
    id: 7, owner: "vetvida", name: "Hospital Veterinário VetVida Porto Alegre", category: "hospital",
    location: "Porto Alegre, RS", address: "Av. Getúlio Vargas, 880 - Menino Deus, Porto Alegre - RS, 90150-002",
    phone: "(51) 3219-4400", email: "poa@vetvida.com.br", whatsapp: "(51) 99340-8890", website: "https://www.vetvida.com.br/porto-alegre",
    specialties: ["Cirurgia geral", "Neurologia", "Fisioterapia"],
    services: ["Pronto-socorro 24 horas", "Internação", "Cirurgias", "Fisioterapia e hidroterapia", "Acupuntura"],
    openHours: "Todos os dias, 24 horas", parking: true, homeService: false,
    image: "clinics/clinica-predio.webp", social: { instagram: "@vetvida.poa", facebook: "facebook.com/vetvidapoa" }, daysAgo: 20,
    description: "Hospital com atendimento 24 horas e centro de reabilitação com esteira aquática para pets em recuperação de cirurgias ortopédicas e neurológicas.",
    vets: [
      ["Dr. Eduardo Becker", "Neurologia"],
      ["Dra. Fernanda Lopes", "Fisioterapia veterinária"],
    ],
  },
  {
    id: 8, owner: "vetvida", name: "VetVida Silvestres e Exóticos Recife", category: "outro",
    location: "Recife, PE", address: "Av. Conselheiro Aguiar, 3500 - Boa Viagem, Recife - PE, 51020-020",
    phone: "(81) 3465-1290", email: "exoticos@vetvida.com.br", whatsapp: "(81) 99701-6644", website: "https://www.vetvida.com.br/exoticos",
    specialties: ["Aves", "Répteis", "Pequenos mamíferos"],
    services: ["Consultas para pets exóticos", "Exames", "Orientação nutricional", "Corte de bico e unhas"],
    openHours: "Seg a Sex, 9h às 18h; Sáb, 9h às 12h", parking: false, homeService: true,
    image: "clinics/estetoscopio.webp", social: { instagram: "@vetvida.exoticos" }, daysAgo: 12,
    description: "Atendimento especializado para aves, répteis, coelhos, hamsters e outros pets não convencionais, com equipe treinada em manejo de espécies exóticas.",
    vets: [
      ["Dra. Beatriz Cavalcanti", "Aves e répteis"],
      ["Dr. Tiago Monteiro", "Pequenos mamíferos"],
    ],
  },
];

// ---------------------------------------------------------------------------------------
// Events. inDays is relative to today (Brasília); time is Brasília wall-clock.
// ---------------------------------------------------------------------------------------
export const EVENTS = [
  {
    id: 1, org: 1, title: "Feira de Adoção de Sábado no Parque", category: "adocao", inDays: 3, time: "10:00",
    location: "Parque da Aclimação - Rua Muniz de Sousa, 1119, Aclimação, São Paulo - SP", image: "events/feira.webp",
    description: "Venha conhecer mais de 30 cães e gatos castrados, vacinados e prontos para um novo lar! Leve documento com foto e comprovante de residência. A equipe da ONG estará no local para tirar dúvidas sobre adoção responsável.",
  },
  {
    id: 2, org: 5, title: "Mutirão de Vacinação Antirrábica Gratuita", category: "vacinacao", inDays: 6, time: "08:30",
    location: "Praça Santos Andrade, Centro, Curitiba - PR", image: "events/vacina.webp",
    description: "Vacinação antirrábica gratuita para cães e gatos a partir de 3 meses. Cães devem estar na coleira e guia; gatos, em caixa de transporte. Distribuição de senhas até as 14h ou enquanto durarem as doses.",
  },
  {
    id: 3, org: 3, title: "Mutirão de Castração a Preço Popular", category: "castracao", inDays: 10, time: "07:30",
    location: "Clínica parceira - Av. Otacílio Negrão de Lima, 2500, Pampulha, Belo Horizonte - MG", image: "events/calendario.webp",
    description: "Castração de cães e gatos com valor social de R$ 80,00. Vagas limitadas, inscrição prévia pelo WhatsApp. Os animais devem estar em jejum de 8 horas de comida e 4 horas de água.",
  },
  {
    id: 4, org: 4, title: "Arrecadação de Ração para as Colônias do DF", category: "arrecadacao", inDays: 13, time: "09:00",
    location: "Taguatinga Shopping, entrada principal - QS 1, Taguatinga, Brasília - DF", image: "events/feira.webp",
    description: "Nosso estoque de ração está no fim! Traga sua doação de ração seca para cães e gatos, sachês ou areia higiênica. Todo o material será distribuído nas rotas de alimentação do mês.",
  },
  {
    id: 5, org: 8, title: "Palestra: Guarda Responsável Começa na Escola", category: "educacao", inDays: 17, time: "14:00",
    location: "Auditório da Biblioteca Pública Estadual - Rua João Lira, s/n, Santo Amaro, Recife - PE", image: "events/calendario.webp",
    description: "Encontro aberto a professores, pais e estudantes sobre como falar de guarda responsável, castração e prevenção de zoonoses com crianças. Entrada gratuita, com certificado de participação.",
  },
  {
    id: 6, org: 2, title: "Abrigo de Portas Abertas", category: "adocao", inDays: 21, time: "09:00",
    location: "Estrada do Rio Grande, 1800 - Taquara, Jacarepaguá, Rio de Janeiro - RJ", image: "events/feira.webp",
    description: "Passe o dia com a gente no abrigo! Conheça os animais disponíveis para adoção, ajude nos passeios e participe do nosso almoço solidário. Traga um pacote de ração e ganhe uma caneca do Abrigo Quatro Patas.",
  },
  {
    id: 7, org: 6, title: "Bazar Beneficente SOS Bichos", category: "feira", inDays: 27, time: "10:00",
    location: "Usina do Gasômetro - Av. Presidente João Goulart, 551, Centro Histórico, Porto Alegre - RS", image: "events/feira.webp",
    description: "Bazar com roupas, livros, artesanato e produtos pet, com toda a renda revertida para o tratamento dos animais resgatados. Teremos também uma área de adoção com cães e gatos do abrigo.",
  },
  {
    id: 8, org: 7, title: "Feira de Adoção de Gatos", category: "adocao", inDays: 34, time: "15:00",
    location: "Shopping da Bahia, piso L2 - Av. Tancredo Neves, 148, Caminho das Árvores, Salvador - BA", image: "events/calendario.webp",
    description: "Gatinhos filhotes e adultos, castrados, vacinados e testados para FIV/FeLV esperando por você. Adoção mediante entrevista e termo de responsabilidade; é necessário ter telas nas janelas.",
  },
  {
    id: 9, org: 1, title: "Campanha de Vacinação V10 com Valor Social", category: "vacinacao", inDays: 41, time: "09:00",
    location: "Sede da ONG Patinhas Felizes - Rua Vergueiro, 3200, Vila Mariana, São Paulo - SP", image: "events/vacina.webp",
    description: "Vacina polivalente V10 para cães por R$ 45,00, aplicada por veterinários voluntários. Traga a carteirinha de vacinação do seu pet. Toda a renda ajuda no custeio dos resgates.",
  },
  {
    id: 10, org: 5, title: "Oficina de Primeiros Socorros para Pets", category: "educacao", inDays: 48, time: "19:00",
    location: "Instituto Focinho Gelado - Rua Brigadeiro Franco, 1900, Rebouças, Curitiba - PR", image: "events/vacina.webp",
    description: "Aprenda o que fazer em casos de engasgo, intoxicação, cortes e insolação até chegar ao veterinário. Oficina prática com 30 vagas e contribuição voluntária.",
  },
  {
    id: 11, org: 4, title: "Caminhada Pet pela Adoção", category: "outro", inDays: 55, time: "08:00",
    location: "Parque da Cidade Sarah Kubitschek, estacionamento 10 - Asa Sul, Brasília - DF", image: "events/calendario.webp",
    description: "Caminhada de 3 km com seu pet para chamar atenção para a adoção de animais adultos. Haverá distribuição de água, petiscos e sorteio de brindes dos nossos parceiros.",
  },
  {
    id: 12, org: 3, title: "Feira de Adoção na Praça da Liberdade", category: "adocao", inDays: -8, time: "10:00",
    location: "Praça da Liberdade - Funcionários, Belo Horizonte - MG", image: "events/feira.webp",
    description: "Feira de adoção com cães resgatados pela protetora Helena Martins. Obrigado a todos que compareceram: 14 animais foram adotados!",
  },
  {
    id: 13, org: 2, title: "Arrecadação de Cobertores para o Inverno", category: "arrecadacao", inDays: -20, time: "09:00",
    location: "Sede do Abrigo Quatro Patas - Estrada do Rio Grande, 1800, Jacarepaguá, Rio de Janeiro - RJ", image: "events/calendario.webp",
    description: "Campanha para arrecadar cobertores, toalhas e caminhas usadas para aquecer os animais do abrigo nas noites frias. Recebemos mais de 300 itens, muito obrigado!",
  },
  // More of the sample NGO (contato@patinhasfelizes.org.br): with events 1 and 9 it has
  // 4 upcoming events and 1 past one for Meus Eventos and 'Eventos desta ONG'.
  {
    id: 14, org: 1, title: "Mutirão de Castração Patinhas Felizes", category: "castracao", inDays: 15, time: "07:00",
    location: "Sede da ONG Patinhas Felizes - Rua Vergueiro, 3200, Vila Mariana, São Paulo - SP", image: "events/calendario.webp",
    description: "Castração de cães e gatos com valor social, feita por veterinários parceiros. Vagas limitadas; inscrição prévia pelo WhatsApp da ONG. Jejum de 8 horas de comida e 4 horas de água.",
  },
  {
    id: 15, org: 1, title: "Arrecadação de Ração, Areia e Medicamentos", category: "arrecadacao", inDays: 24, time: "10:00",
    location: "Estação Ana Rosa do Metrô, saída Rua Vergueiro - Vila Mariana, São Paulo - SP", image: "events/feira.webp",
    description: "Ponto de coleta de ração seca, sachês, areia higiênica e medicamentos dentro da validade. Tudo vai para os 40 lares temporários da ONG.",
  },
  {
    id: 16, org: 1, title: "Feira de Adoção de Primavera", category: "adocao", inDays: -15, time: "10:00",
    location: "Parque da Aclimação - Rua Muniz de Sousa, 1119, Aclimação, São Paulo - SP", image: "events/feira.webp",
    description: "Nossa feira de adoção de primavera: 22 cães e gatos encontraram um lar. Obrigado a todos os voluntários e adotantes!",
  },
];
